/** Publishers shared by several demo datasets. */
export const BCRA = { id: "bcra", name: "Banco Central de la República Argentina" };

export const LEY_25326 =
  "Ley 25.326 (art. 26): la información crediticia solo puede informarse por los últimos cinco años, y por dos años " +
  "desde que el deudor canceló o extinguió la obligación.";

/** Every demo dataset says so in its methodology notes. */
export const SYNTHETIC =
  "En esta instalación de demostración las filas son sintéticas: respetan la forma y las proporciones de la " +
  "publicación real, pero no describen a personas ni empresas reales. Se generan en el formato publicado (padrón " +
  "de ARCA, Padron_ARCA.txt y respuestas de la API del BCRA, listas de la ONU, RePET y OFAC, base APOC, consultas " +
  "del INPI, edictos del Boletín Oficial) y se cargan con los mismos importadores que un archivo real.";
