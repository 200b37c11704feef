/**
 * The reference page's Spanish text, next to the page. The OpenAPI document (lib/openapi) is written in English for
 * integrators' tools; the page reads its structure (paths, parameters, schemas) from it and its prose from here,
 * keyed by operationId and tag. An operation or tag missing here falls back to the document's own English text,
 * marked lang="en", so a new operation shows up at once and the gap is visible.
 */

export interface OperationText {
  /** One line: what the operation does. */
  resumen: string;
  /** A paragraph or two; `code` in backticks. */
  descripcion: string;
}

export const OPERATIONS_ES: Record<string, OperationText> = {
  generateReport: {
    resumen: "Generar o actualizar un informe",
    descripcion:
      "Arma el informe de un CUIT (o de un DNI, que se resuelve a su CUIL) y lo cobra: 200 unidades por el primer informe del CUIT en la cuenta (`nuevo`) y 50 por cada uno posterior (`actualizacion`), cambie o no el contenido. Un informe que ninguna fuente conoce (`no_resuelto`) no se cobra.\n\nMandá `Idempotency-Key` para poder reintentar sin pagar dos veces: la misma clave devuelve el mismo informe.",
  },
  listReports: {
    resumen: "Listar los informes de la cuenta",
    descripcion: "Del más reciente al más antiguo. Los informes `no_resuelto` nunca se listan. Se pagina con `limit` y `offset`; `has_more` dice si hay más.",
  },
  quoteReport: {
    resumen: "Cotizar el próximo informe de un CUIT",
    descripcion:
      "Qué sería ahora un POST para este CUIT (`nuevo` o `actualizacion`), su costo máximo y si el saldo alcanza. Solo lee: no gasta nada y se puede llamar las veces que haga falta.",
  },
  searchNames: {
    resumen: "Buscar CUITs por nombre",
    descripcion:
      "Contribuyentes del padrón vigente de ARCA cuyo nombre coincide con `q`, del más parecido al menos, hasta 20, para cotizar y generar su informe. La búsqueda ignora mayúsculas, acentos, puntuación y el orden de las palabras, y tolera errores de tipeo. Devuelve solo datos públicos del padrón. Es gratis y tiene un límite por cuenta, como la cotización.",
  },
  getReport: {
    resumen: "Obtener un informe",
    descripcion: "Uno de los informes de la cuenta (un administrador lee cualquiera). El de otra cuenta, uno que no existe y un id mal formado dan el mismo 404. No se cobra.",
  },
  getReportChanges: {
    resumen: "Qué cambió desde el informe anterior",
    descripcion:
      "Compara el informe con el anterior del mismo CUIT en la misma cuenta, o con `contra` (otro informe de ese CUIT que puedas leer): por sección, el cambio de estado y cada dato agregado, quitado o modificado, además de entidades, cheques, coincidencias en listas, marcas y concursos.",
  },
  createBatch: {
    resumen: "Generar los informes de una lista de CUITs",
    descripcion:
      "Inicia un lote de 1 a 1.000 CUITs o DNIs y responde 202 enseguida; seguilo con GET /v1/batches/{id}. Cada ítem se cobra igual que un POST /v1/reports de ese CUIT (`nuevo` 200, `actualizacion` 50, `no_resuelto` gratis).",
  },
  listBatches: {
    resumen: "Listar los lotes de la cuenta",
    descripcion: "Del más reciente al más antiguo, cada uno con su avance. Se pagina con `limit` y `offset`.",
  },
  getBatch: {
    resumen: "Avance de un lote",
    descripcion: "El estado del lote y sus ítems contados por resultado. El lote de otra cuenta, uno que no existe y un id mal formado dan el mismo 404.",
  },
  listBatchItems: {
    resumen: "Ítems de un lote",
    descripcion: "Cada entrada en el orden de la lista con su resultado: el CUIT al que se resolvió, el informe, lo que se cobró o por qué no se generó.",
  },
  cancelBatch: {
    resumen: "Cancelar un lote",
    descripcion:
      "Los ítems que todavía no empezaron pasan a `cancelado` y no se generan ni se cobran; los que ya están en curso terminan y se cobran como siempre. Un lote terminado se devuelve sin cambios.",
  },
  getBatchResults: {
    resumen: "Descargar los resultados de un lote",
    descripcion: "Una fila por ítem, en el orden de la lista, con los datos clave de cada informe, en CSV, XLSX o JSON por líneas.",
  },
  watchCuit: {
    resumen: "Monitorear un CUIT",
    descripcion:
      "Agrega un CUIT (o un DNI, resuelto a su CUIL) a la lista de monitoreo de la cuenta. Es gratis. Cuando una fuente cambia para ese CUIT, la cuenta recibe un evento `monitoreo.cambio`. El máximo depende del plan.",
  },
  listWatchlist: {
    resumen: "Listar los CUITs monitoreados",
    descripcion: "Del más nuevo al más viejo, cada uno con su último cambio. Se pagina con `limit` y `offset`.",
  },
  unwatchCuit: {
    resumen: "Dejar de monitorear un CUIT",
    descripcion: "Sus eventos anteriores quedan en el historial. Un CUIT que la cuenta no monitorea da 404.",
  },
  listEvents: {
    resumen: "Leer los eventos de la cuenta",
    descripcion:
      "Los eventos de la cuenta en orden, después del cursor `desde` (desde el primero si no se indica). Guardá el `cursor` de la respuesta y pasalo la próxima vez: ningún evento se saltea ni se repite.",
  },
  createWebhook: {
    resumen: "Crear un webhook",
    descripcion:
      "Registra una URL para recibir los tipos de evento indicados. La respuesta trae el secreto de firma (`whsec_…`), que se muestra solo esta vez. Se rechazan las URLs que resuelven a direcciones locales o privadas. Los envíos siguen la especificación Standard Webhooks.",
  },
  listWebhooks: {
    resumen: "Listar los webhooks",
    descripcion: "Los destinos de la cuenta, del más viejo al más nuevo; uno deshabilitado dice cuándo y por qué.",
  },
  getWebhook: {
    resumen: "Obtener un webhook",
    descripcion: "El de otra cuenta, uno borrado y un id mal formado dan el mismo 404.",
  },
  deleteWebhook: {
    resumen: "Borrar un webhook",
    descripcion: "No recibe nada más; los envíos pendientes se cancelan.",
  },
  rotateWebhookSecret: {
    resumen: "Cambiar el secreto de un webhook",
    descripcion: "Un secreto de firma nuevo, que se muestra solo esta vez. Durante un día cada envío lleva una firma con cada secreto, para que el receptor cambie sin perder ninguno.",
  },
  sendWebhookTest: {
    resumen: "Enviar un evento de prueba",
    descripcion: "Encola un mensaje `webhook.prueba` al destino, que se entrega, firma y reintenta como cualquier otro; seguilo en los envíos.",
  },
  listWebhookDeliveries: {
    resumen: "Envíos de un webhook",
    descripcion: "Del más nuevo al más viejo, cada uno con su estado, intentos, última respuesta y próximo intento.",
  },
  getBalance: {
    resumen: "Saldo de la cuenta",
    descripcion:
      "Los dos bolsillos: el cupo mensual del plan (`cupo`, se usa primero) y lo comprado en packs (`comprado`, no vence), cada uno también expresado en informes nuevos y actualizaciones. El saldo se compra en la web.",
  },
  getPrices: {
    resumen: "Planes y packs de informes",
    descripcion: "Los planes vigentes y los packs de informes a la venta. Pública.",
  },
  listDatasets: {
    resumen: "Catálogo de datasets",
    descripcion: "Cada dataset publicado que quien llama puede ver. Pública; una clave o una sesión puede mostrar datasets reservados a planes superiores.",
  },
  getDataset: {
    resumen: "Detalle de un dataset",
    descripcion:
      "Todo sobre un dataset y su snapshot actual, con metadatos escritos para personas y modelos de lenguaje. Un dataset inexistente, sin publicar, de un plan superior o solo para administradores da el mismo 404.",
  },
  getDatasetSnapshot: {
    resumen: "URL firmada del snapshot actual",
    descripcion:
      "Una URL firmada, válida 3600 s, al snapshot completo actual en Parquet (por defecto) o CSV, para cargarlo en un data warehouse. Planes Ultimate, Team y Enterprise, o un administrador. Con `redirect=1` la respuesta es un 302 al archivo; con `fecha`, el enlace es al snapshot guardado de esa fecha.",
  },
  listDatasetSnapshots: {
    resumen: "Historial de snapshots de un dataset",
    descripcion:
      "Los snapshots guardados del dataset, del más nuevo al más viejo, cada uno con los formatos, tamaños y SHA-256 de sus archivos y su fecha de publicación, para reproducir un análisis con los datos que usó y comprobar un archivo descargado.",
  },
  getDcatCatalog: {
    resumen: "Catálogo para recolectores (DCAT)",
    descripcion:
      "El catálogo público (lo que ve alguien sin cuenta) como `data.json` en el perfil DCAT de datos.gob.ar, para portales y herramientas que recolectan catálogos. Cada dataset tiene una distribución por archivo de su snapshot actual.",
  },
  getOpenApi: {
    resumen: "Este documento",
    descripcion: "La descripción OpenAPI 3.0 de la API. Pública.",
  },
};

export const TAGS_ES: Record<string, { nombre: string; descripcion: string }> = {
  Reports: { nombre: "Informes", descripcion: "Generar, actualizar, listar y obtener informes de CUITs, uno a uno o en lotes." },
  Account: { nombre: "Cuenta", descripcion: "Saldo y precios." },
  Catalog: { nombre: "Catálogo", descripcion: "Datasets públicos y sus snapshots." },
  Monitoring: { nombre: "Monitoreo", descripcion: "CUITs monitoreados, eventos de cambio y webhooks firmados." },
  Meta: { nombre: "Meta", descripcion: "Esta descripción." },
};

/** The introduction, in place of the document's English `info.description`. */
export const INTRO_ES =
  "Informes normalizados de empresas y personas de la Argentina por CUIT, que se cobran en unidades (un informe nuevo cuesta 200 y una actualización 50), y un catálogo público de datasets con descargas firmadas de sus snapshots.\n\nAutenticá con `Authorization: Bearer lgj_…` (las claves se crean en tu cuenta). Los endpoints de informes y saldo necesitan un plan con API REST (Ultimate, Team, Enterprise). Cada respuesta trae `X-Request-Id`.";
