import { srcIdentidad } from "@/db/schema";
import { formatCuit } from "@/lib/cuit/validate";
import { yesNo } from "../format";
import { tableRead } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcIdentidad.$inferSelect;

const TIPO_PERSONA: Record<string, string> = { FISICA: "Persona humana", JURIDICA: "Persona jurídica" };
const SEXO: Record<string, string> = { M: "Masculino", F: "Femenino", X: "No binario" };

const address = (r: Row) => {
  const street = [r.domicilioCalle, r.domicilioLocalidad, r.domicilioProvincia].filter(Boolean).join(", ");
  return street ? `${street}${r.domicilioCodigoPostal ? ` (CP ${r.domicilioCodigoPostal})` : ""}` : r.domicilioCodigoPostal ? `CP ${r.domicilioCodigoPostal}` : null;
};

/**
 * The padrón's feeds (ARCA's condición tributaria, BCRA's Padron_ARCA.txt) merged field by field: each field takes
 * the first value given, feeds in order of their snapshot, newest first (the order the lookup returns them in).
 */
export function mergeFeeds(rows: readonly Row[]): Row | undefined {
  if (rows.length <= 1) return rows[0];
  const merged: Record<string, unknown> = { ...rows[0] };
  for (let i = 1; i < rows.length; i++) {
    const row: Record<string, unknown> = rows[i];
    for (const key in row) if (merged[key] === null || merged[key] === undefined) merged[key] = row[key];
  }
  return merged as Row;
}

/** AFIP/ARCA padrón: a register, so a CUIT it does not know leaves the section unavailable. */
export const identidad = defineSource<Row>({
  key: "identidad",
  listSource: false,
  table: tableRead(srcIdentidad, "cuit"),
  build(rows, f) {
    const r = mergeFeeds(rows);
    if (!r) return { fields: [] };
    const juridica = r.tipoPersona === "JURIDICA";
    const actividad = r.actividadPrincipalCodigo
      ? [r.actividadPrincipalCodigo, r.actividadPrincipalDescripcion].filter(Boolean).join(" - ")
      : null;
    const fields = [
      f("CUIT", formatCuit(r.cuit)),
      f("Denominación", r.denominacion),
      f("Tipo de persona", TIPO_PERSONA[r.tipoPersona] ?? r.tipoPersona),
      f("Estado de la CUIT", r.estadoClave),
      f("Fecha de inscripción", r.fechaInscripcion),
      ...(juridica ? [f("Forma jurídica", r.formaJuridica), f("Fecha del contrato social", r.fechaContratoSocial)] : []),
      f("Actividad principal", actividad),
      f("Actividades secundarias", r.actividadesSecundarias),
      f("Impuesto a las ganancias", r.impuestoGanancias),
      f("IVA", r.impuestoIva),
      f("Monotributo", r.monotributoCategoria ? `Categoría ${r.monotributoCategoria}` : "No adherido"),
      f("Empleador", yesNo(r.empleador)),
      f("Domicilio fiscal", address(r)),
    ];
    // What only some feeds carry is shown when a feed gave it, so a report never shows a row of empty labels.
    const optional: [string, string | null][] = [
      ["Actividad de monotributo", r.monotributoActividad],
      ["Integrante de sociedades", yesNo(r.integranteSociedades)],
      [juridica ? "Fecha de constitución" : "Fecha de nacimiento", r.fechaNacimientoConstitucion],
      ["Sexo", r.sexo ? (SEXO[r.sexo] ?? r.sexo) : null],
      ["Fecha de fallecimiento", r.fechaFallecimiento],
      ["Dada de baja", r.baja === null ? null : r.baja ? `Sí${r.cuitReemplazo ? `, reemplazada por ${formatCuit(r.cuitReemplazo)}` : ""}` : "No"],
    ];
    for (const [label, value] of optional) if (value !== null) fields.push(f(label, value));
    const expected: [string, unknown][] = [
      ["Fecha de inscripción", r.fechaInscripcion],
      ["Actividad principal", r.actividadPrincipalCodigo],
      ["Domicilio fiscal", r.domicilioCalle && r.domicilioLocalidad && r.domicilioProvincia],
      ...(juridica ? ([["Forma jurídica", r.formaJuridica], ["Fecha del contrato social", r.fechaContratoSocial]] as [string, unknown][]) : []),
    ];
    return { fields, missing: expected.filter(([, v]) => !v).map(([label]) => label) };
  },
  // The merged row's name, without merging the rest: the first feed that gives one.
  name: (rows) => rows.find((r) => r.denominacion !== null && r.denominacion !== undefined)?.denominacion ?? null,
});
