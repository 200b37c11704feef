import type { Metadata } from "next";
import Link from "next/link";
import { pageDb } from "@/lib/web/page-db";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, tdClass, thClass } from "@/components/ui/table";
import { listApiKeys, MAX_ACTIVE_KEYS } from "@/lib/auth/api-keys";
import { requireCaller } from "@/lib/web/current-caller";
import { formatDate, formatDateTime } from "@/components/format";
import { KEY_STATE } from "@/components/labels/account";
import { revokeKeyAction } from "./actions";
import { CreateKeyForm } from "./create-key-form";

export const metadata: Metadata = { title: "Claves de API" };

// /cuenta/claves – create, list and revoke the account's API keys
export default async function KeysPage() {
  const caller = await requireCaller("/cuenta/claves");
  const keys = await listApiKeys(await pageDb(), caller.accountId);
  const active = keys.filter((k) => k.state === "active").length;
  const apiEnabled = caller.plan?.apiRestEnabled || caller.account.isAdmin;
  return (
    <>
      <PageHeader
        title="Claves de API"
        description={
          <>
            Cada clave da acceso completo a tu cuenta por la API, incluido generar informes que consumen saldo. Se envía en el encabezado{" "}
            <code className="rounded bg-slate-100 px-1 text-sm">Authorization: Bearer …</code>.
          </>
        }
      />
      {!apiEnabled && (
        <Alert tone="info" title="Tu plan no incluye la API REST" className="mb-6">
          Podés crear claves, pero las llamadas con ellas van a recibir 403 hasta que tu cuenta pase a Ultimate, Team o Enterprise.{" "}
          <Link href="/planes" className="font-medium underline">
            Ver planes
          </Link>
        </Alert>
      )}
      <Card title="Nueva clave" description={`Podés tener hasta ${MAX_ACTIVE_KEYS} claves activas. Cada una vence al año.`}>
        <CreateKeyForm atLimit={active >= MAX_ACTIVE_KEYS} limit={MAX_ACTIVE_KEYS} />
      </Card>
      <Card title="Tus claves" description={`${active} de ${MAX_ACTIVE_KEYS} activas.`} className="mt-6">
        {keys.length === 0 ? (
          <EmptyState title="Todavía no creaste ninguna clave">Creá una arriba para usar la API desde tus sistemas.</EmptyState>
        ) : (
          <Table caption="Claves de API de la cuenta">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Nombre</th>
                <th scope="col" className={thClass}>Clave</th>
                <th scope="col" className={thClass}>Creada</th>
                <th scope="col" className={thClass}>Vence</th>
                <th scope="col" className={thClass}>Último uso</th>
                <th scope="col" className={thClass}>Estado</th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {keys.map((k) => (
                <tr key={k.id} data-key-id={k.id}>
                  <td className={`${tdClass} font-medium`}>{k.name}</td>
                  <td className={`${tdClass} font-mono whitespace-nowrap`}>{k.start}…</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDate(k.createdAt)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDate(k.expiresAt)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Nunca"}</td>
                  <td className={tdClass}>
                    <Badge tone={KEY_STATE[k.state].tone}>{KEY_STATE[k.state].label}</Badge>
                  </td>
                  <td className={`${tdClass} text-right`}>
                    {k.state === "active" && (
                      <ConfirmDialog
                        trigger={
                          <>
                            Revocar<span className="sr-only"> la clave {k.name}</span>
                          </>
                        }
                        title={`¿Revocar la clave «${k.name}»?`}
                        description={
                          <p>
                            Las llamadas con <code className="font-mono">{k.start}…</code> van a recibir 401 desde ahora. No se puede deshacer: para
                            volver a usar la API desde ese sistema vas a necesitar una clave nueva.
                          </p>
                        }
                        confirmLabel="Sí, revocar"
                        pendingLabel="Revocando…"
                        action={revokeKeyAction}
                        fields={{ keyId: k.id }}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
