import { buttonClass } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";

/**
 * Step one of a new report: a CUIT or a DNI. A plain GET form, so the quote page has its own address and the back
 * button works; nothing is charged until the quote is confirmed.
 */
export function NewReportForm({ defaultValue = "", error }: { defaultValue?: string; error?: string | null }) {
  return (
    <form action="/informes/nuevo" className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field label="CUIT o DNI" hint="Por ejemplo 30-50001091-2, 30500010912 o un DNI como 12345678." error={error} className="flex-1">
        <input
          name="cuit"
          type="text"
          required
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          defaultValue={defaultValue}
          placeholder="30-50001091-2"
          className={inputClass}
        />
      </Field>
      <button type="submit" className={buttonClass("primary", "md", "sm:mt-6")}>
        Ver cotización
      </button>
    </form>
  );
}
