import type { OpenApiDocument } from "@/lib/openapi/describe";
import { openApiDocument } from "@/lib/openapi/document";
import { contractValidator, type ContractValidator } from "@/scripts/lib/openapi-validator";

let validator: ContractValidator | undefined;

/** The same validation CI applies to the built server's responses, over the in-process document. */
function validate(): ContractValidator {
  validator ??= contractValidator(openApiDocument("http://localhost:3000") as unknown as OpenApiDocument, { ignoreUnknownPaths: true });
  return validator;
}

export interface ObservedResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * Throws when a response does not match the document's description of its operation: an undocumented status, a
 * body that breaks the schema (extra or missing fields included), or a documented header that is absent.
 * Paths the document does not describe are not checked (handlers made inside a test).
 */
export function assertMatchesContract(method: string, pathname: string, res: ObservedResponse): void {
  const problems = validate()(method, pathname, { status: res.status, headers: res.headers, json: res.body });
  if (problems.length) throw new Error(`${problems.join("; ")}\n${JSON.stringify(res.body).slice(0, 500)}`);
}
