/**
 * How a dataset's example queries (`ai_metadata.example_queries[].sql`) meet a downloaded file. The queries name the
 * dataset as a table: its id with dashes as underscores (`ar-bcra-central-deudores` is `ar_bcra_central_deudores`).
 * To run one in DuckDB on the file, put the file's path, in single quotes, where the table name is: DuckDB reads
 * `FROM 'archivo.parquet'` (or `.csv`) as a table. The catalog's tests run every example query this way.
 */
export const exampleTableName = (datasetId: string): string => datasetId.replaceAll("-", "_");

/** The query with every use of the dataset's table name replaced by the quoted path of a downloaded file. */
export function exampleQueryOnFile(sql: string, datasetId: string, filePath: string): string {
  const quoted = `'${filePath.replaceAll("'", "''")}'`;
  return sql.replace(new RegExp(`\\b${exampleTableName(datasetId)}\\b`, "g"), () => quoted);
}
