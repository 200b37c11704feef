import {
  balanceInput,
  balanceOutput,
  cuitInput,
  datasetIdInput,
  datasetOutput,
  generateInput,
  generateOutput,
  listInput,
  listOutput,
  quoteOutput,
  reportIdInput,
  reportOutput,
  searchInput,
  searchOutput,
} from "./schemas";

const READ = { readOnlyHint: true, openWorldHint: false };

/**
 * What each tool is, as `tools/list` shows it and the docs page (/docs/mcp) lists it: one source for both. The
 * handlers are registered beside the service they call (report-tools.ts, balance-tool.ts, catalog-tools.ts).
 */
export const TOOL_DEFINITIONS = {
  cotizar_informe: {
    title: "Cotizar un informe",
    description:
      "Dice, sin cobrar nada, qué sería generar ahora el informe de un CUIT: un informe nuevo (el primero de ese CUIT en tu cuenta) o una actualización (los siguientes, a la cuarta parte del precio), su costo máximo y si tu saldo alcanza. Conviene usarla antes de generar_informe.",
    inputSchema: cuitInput,
    outputSchema: quoteOutput,
    annotations: READ,
  },
  generar_informe: {
    title: "Generar un informe",
    description:
      "Genera el informe de un CUIT (o de un DNI, que se resuelve a su CUIL) con sus ocho secciones, y lo cobra: el primero de un CUIT en tu cuenta es un informe nuevo, cada uno siguiente es una actualización; un CUIT que ninguna fuente conoce no se cobra. Para reintentar sin riesgo de cobrar dos veces, pasá clave_idempotencia, un UUID nuevo por operación: la misma clave devuelve siempre el mismo informe sin volver a cobrar. Sin clave no se deriva ninguna por vos, así que cada llamada es una operación nueva y cobra de nuevo.",
    inputSchema: generateInput,
    outputSchema: generateOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  obtener_informe: {
    title: "Obtener un informe",
    description:
      "Devuelve un informe ya generado de tu cuenta, por su id, con todas sus secciones. No cobra. El mismo informe se puede leer como recurso legajo://informes/{id}.",
    inputSchema: reportIdInput,
    outputSchema: reportOutput,
    annotations: READ,
  },
  listar_informes: {
    title: "Listar informes",
    description:
      "Lista los informes de tu cuenta, del más reciente al más antiguo, de a páginas: limit (1 a 50) y offset. No incluye los CUIT sin resolver. No cobra.",
    inputSchema: listInput,
    outputSchema: listOutput,
    annotations: READ,
  },
  consultar_saldo: {
    title: "Consultar el saldo",
    description:
      "Muestra el saldo de tu cuenta en sus dos bolsillos (el cupo mensual del plan, que se usa primero, y lo comprado en packs, que no vence), cuántos informes nuevos o actualizaciones alcanzan, y cuántas consultas MCP te quedan este mes.",
    inputSchema: balanceInput,
    outputSchema: balanceOutput,
    annotations: READ,
  },
  buscar_datasets: {
    title: "Buscar datasets",
    description:
      "Busca en el catálogo de datasets públicos de Argentina que tu plan puede ver, por palabras en el id, el nombre, la descripción, las etiquetas o la fuente (sin distinguir mayúsculas ni acentos). Sin texto, lista todo el catálogo visible.",
    inputSchema: searchInput,
    outputSchema: searchOutput,
    annotations: READ,
  },
  detalle_dataset: {
    title: "Detalle de un dataset",
    description:
      "Devuelve todo lo que se sabe de un dataset del catálogo: fuente, frecuencia, cobertura, licencia, fecha y filas de la instantánea actual, sus columnas y notas para consultarlo.",
    inputSchema: datasetIdInput,
    outputSchema: datasetOutput,
    annotations: READ,
  },
};

export type ToolName = keyof typeof TOOL_DEFINITIONS;
