import { Badge } from "@/components/ui/badge";
import { SITUACION_SHORT, situacionTone } from "@/components/labels/reports";

/** "3 · Riesgo medio": the BCRA number and its name, coloured by risk. */
export function SituacionBadge({ situacion }: { situacion: number }) {
  return (
    <Badge tone={situacionTone(situacion)}>
      {situacion} · {SITUACION_SHORT[situacion] ?? "Desconocida"}
    </Badge>
  );
}
