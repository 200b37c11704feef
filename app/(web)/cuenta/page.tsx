import type { Metadata } from "next";
import Link from "next/link";
import { pageDb } from "@/lib/web/page-db";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { listApiKeys } from "@/lib/auth/api-keys";
import { isEmailVerified } from "@/lib/accounts/verify-email";
import { getBalance } from "@/lib/billing/balance";
import { listOrders } from "@/lib/billing/orders";
import { accountProfile } from "@/lib/accounts/profile";
import { requireCaller } from "@/lib/web/current-caller";
import { formatArs, formatInt, formatTier, plural } from "@/components/format";
import { ORDER_STATUS } from "@/components/labels/account";
import { PasswordForm } from "./password-form";
import { VerifyNotice } from "./verify-notice";

export const metadata: Metadata = { title: "Mi cuenta" };

// /cuenta – plan, balance summary and quick actions
export default async function AccountPage({ searchParams }: { searchParams: Promise<{ bienvenida?: string; contrasena?: string }> }) {
  const caller = await requireCaller("/cuenta");
  const db = await pageDb();
  const monthly = caller.plan?.informeCuitCupoMensualUnidades ?? null;
  const [{ bienvenida, contrasena }, profile, balance, keys, orders, verified] = await Promise.all([
    searchParams,
    accountProfile(db, caller.accountId, caller.userId),
    getBalance(db, caller.accountId, monthly),
    listApiKeys(db, caller.accountId),
    listOrders(db, caller.accountId, 5),
    caller.userId ? isEmailVerified(db, caller.userId) : true,
  ]);
  const nuevos = balance.cupo.informes_nuevos + balance.comprado.informes_nuevos;
  const actualizaciones = balance.cupo.actualizaciones + balance.comprado.actualizaciones;
  const activeKeys = keys.filter((k) => k.state === "active").length;
  const pending = orders.filter((o) => o.status === "pending");
  const plan = caller.plan;
  return (
    <>
      <PageHeader
        title="Mi cuenta"
        description={
          <>
            {profile?.email}
            {profile && profile.name !== profile.email && <> · {profile.name}</>}
          </>
        }
        actions={
          <Link href="/informes" className={buttonClass("primary")}>
            Nuevo informe
          </Link>
        }
      />
      {!verified && profile && <VerifyNotice email={profile.email} />}
      {contrasena === "cambiada" && (
        <Alert tone="success" live="status" className="mb-6">
          Cambiaste tu contraseña. Cerramos las sesiones abiertas en otros dispositivos.
        </Alert>
      )}
      {bienvenida && verified && (
        <Alert tone="success" live="status" title="¡Bienvenido a Legajo!" className="mb-6">
          Tu cuenta Free está lista. Ya podés generar tu primer informe.
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          title="Tu plan"
          className="lg:col-span-1"
          actions={
            <Link href="/planes" className="text-sm font-medium text-brand-700 underline">
              Ver planes
            </Link>
          }
        >
          <p className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            {plan?.displayLabel ?? formatTier(caller.account.planTier)}
            {caller.account.isAdmin && <Badge tone="info">Administrador</Badge>}
          </p>
          <p className="mt-1 text-slate-600">{plan ? `${formatArs(plan.priceArsMonthly)}${plan.priceArsMonthly ? " por mes" : ""}` : ""}</p>
          <ul className="mt-4 space-y-1 text-sm text-slate-700">
            <li>{plan?.apiRestEnabled ? "Incluye la API REST." : "No incluye la API REST."}</li>
            <li>{plan?.parquetEnabled ? "Incluye la descarga de datasets completos." : "Catálogo de datasets para consulta."}</li>
          </ul>
        </Card>
        <Card
          title="Tu saldo"
          className="lg:col-span-2"
          actions={
            <Link href="/cuenta/saldo" className="text-sm font-medium text-brand-700 underline">
              Ver detalle
            </Link>
          }
        >
          <dl className="grid gap-4 sm:grid-cols-2">
            <Stat label="Te alcanza para" value={plural(nuevos, "informe nuevo", "informes nuevos")} hint={`o ${plural(actualizaciones, "actualización", "actualizaciones")}`} />
            <Stat
              label="Del cupo de tu plan"
              value={plural(balance.cupo.informes_nuevos, "informe", "informes")}
              hint={balance.cupo.unidades_mensuales === null ? "Tu plan no tiene cupo automático." : `Usaste ${formatInt(balance.cupo.unidades_usadas)} de ${plural(balance.cupo.unidades_mensuales, "unidad", "unidades")} este mes.`}
            />
          </dl>
          <p className="mt-4 text-sm text-slate-600">
            Comprado en packs: {plural(balance.comprado.informes_nuevos, "informe nuevo", "informes nuevos")} (no vence).
          </p>
        </Card>
      </div>

      <Card title="Accesos rápidos" className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <Link href="/informes" className={buttonClass("secondary", "md", "w-full")}>
              Ver mis informes
            </Link>
          </li>
          <li>
            <Link href="/cuenta/claves" className={buttonClass("secondary", "md", "w-full")}>
              Claves de API ({plural(activeKeys, "activa", "activas")})
            </Link>
          </li>
          <li>
            <Link href="/cuenta/saldo#packs" className={buttonClass("secondary", "md", "w-full")}>
              Comprar un pack
            </Link>
          </li>
          <li>
            <Link href="/datasets" className={buttonClass("secondary", "md", "w-full")}>
              Explorar el catálogo
            </Link>
          </li>
        </ul>
      </Card>

      {pending.length > 0 && (
        <Card title="Pedidos pendientes de pago" className="mt-6">
          <ul className="divide-y divide-slate-200">
            {pending.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span>
                  {o.packLabel} · {formatArs(o.priceArs)} <Badge tone={ORDER_STATUS[o.status].tone}>{ORDER_STATUS[o.status].label}</Badge>
                </span>
                <Link href={`/cuenta/pedidos/${o.id}`} className="text-sm font-medium text-brand-700 underline">
                  Ver datos para transferir<span className="sr-only"> del pedido {o.id}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card title="Contraseña" description="Al cambiarla se cierran todas las sesiones abiertas de tu cuenta." className="mt-6">
        <PasswordForm />
      </Card>
    </>
  );
}
