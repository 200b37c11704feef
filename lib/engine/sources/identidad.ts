import { srcIdentidad } from "@/db/schema";
import { formatCuit } from "@/lib/cuit/validate";
import { yesNo } from "../format";
import { lookupBy } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcIdentidad.$inferSelect;

const TIPO_PERSONA: Record<string, string> = { FISICA: "Persona humana", JURIDICA: "Persona jurídica" };

const address = (r: Row) => {
  const street = [r.domicilioCalle, r.domicilioLocalidad, r.domicilioProvincia].filter(Boolean).join(", ");
  return street ? `${street}${r.domicilioCodigoPostal ? ` (CP ${r.domicilioCodigoPostal})` : ""}` : null;
};

/** AFIP/ARCA padrón: a register, so a CUIT it does not know leaves the section unavailable. */
export const identidad = defineSource<Row>({
  key: "identidad",
  listSource: false,
  lookup: lookupBy(srcIdentidad, "cuit"),
  build([r], f) {
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
    const expected: [string, unknown][] = [
      ["Fecha de inscripción", r.fechaInscripcion],
      ["Actividad principal", r.actividadPrincipalCodigo],
      ["Domicilio fiscal", r.domicilioCalle && r.domicilioLocalidad && r.domicilioProvincia],
      ...(juridica ? ([["Forma jurídica", r.formaJuridica], ["Fecha del contrato social", r.fechaContratoSocial]] as [string, unknown][]) : []),
    ];
    return { fields, missing: expected.filter(([, v]) => !v).map(([label]) => label) };
  },
  name: ([r]) => r?.denominacion ?? null,
});
