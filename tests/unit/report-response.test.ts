import { describe, expect, it } from "vitest";
import { responseJson, type Generated } from "@/lib/reports/generate";

const body: Generated["body"] = {
  cuit: "30712345678",
  sections: {
    identidad: {
      title: "Identidad fiscal",
      fields: [{ label: "Denominación", value: "ACME \"SUR\" S.A.", fuente_dataset_id: "ar-arca-padron", snapshot_date: "2026-11-25" }],
      source: "ar-arca-padron",
      snapshot_date: "2026-11-25",
      status: "ok",
    },
  },
  status: "parcial",
  generated_at: "2026-11-27T03:00:00.000Z",
  informe_id: "inf_0123456789abcdefg",
  cache_hit: false,
  tipo_accion: "nuevo",
  costo_unidades: 200,
};

describe("responseJson", () => {
  it("writes what JSON.stringify writes, byte for byte, reusing the stored sections' text", () => {
    expect(responseJson({ body, replayed: false, sectionsJson: JSON.stringify(body.sections) })).toBe(JSON.stringify(body));
    expect(responseJson({ body: { ...body, tipo_accion: null, costo_unidades: 0 }, replayed: false, sectionsJson: JSON.stringify(body.sections) })).toBe(
      JSON.stringify({ ...body, tipo_accion: null, costo_unidades: 0 }),
    );
  });

  it("serialises a replayed body, which has no stored text, as it is", () => {
    const replay = { ...body, cache_hit: false };
    expect(responseJson({ body: replay, replayed: true })).toBe(JSON.stringify(replay));
  });
});
