import { Badge } from "@/components/ui/badge";
import type { Section } from "@/lib/schemas/sections";
import { FieldList } from "../field-list";

const HEADLINE = ["Denominación", "CUIT", "Estado de la CUIT"];

/** The padrón's identity card: who the taxpayer is, at a glance, then the rest of the register's data. */
/** ARCA writes the state in the masculine ("ACTIVO"); it qualifies "la clave": "Clave activa", "Clave inactiva". */
function claveText(estado: string): string {
  const words: Record<string, string> = { ACTIVO: "activa", INACTIVO: "inactiva" };
  return `Clave ${words[estado.toUpperCase()] ?? estado.toLowerCase()}`;
}

export function IdentitySection({ section }: { section: Section }) {
  const value = (label: string) => section.fields.find((f) => f.label === label)?.value ?? null;
  const estado = value("Estado de la CUIT");
  const rest = section.fields.filter((f) => !HEADLINE.includes(f.label));
  return (
    <>
      <div className="mb-5 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="text-lg font-semibold text-slate-900">{value("Denominación") ?? "Denominación sin dato"}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>CUIT {value("CUIT") ?? "—"}</span>
          {estado && <Badge tone={estado === "ACTIVO" ? "success" : "warning"}>{claveText(estado)}</Badge>}
        </p>
      </div>
      <FieldList fields={rest} />
    </>
  );
}
