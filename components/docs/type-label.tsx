import type { TypeLabel } from "@/lib/openapi/describe";

export const schemaAnchor = (name: string) => `esquema-${name}`;

/** A field's type; component names link to their schema further down the page. */
export function TypeText({ type }: { type: TypeLabel }) {
  const parts = type.refs.length ? type.text.split(new RegExp(`\\b(${type.refs.join("|")})\\b`)) : [type.text];
  return (
    <span className="font-mono text-xs text-slate-800">
      {parts.map((part, i) =>
        type.refs.includes(part) ? (
          <a key={i} href={`#${schemaAnchor(part)}`} className="text-teal-800 underline underline-offset-2">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
      {type.nullable && <span className="text-slate-600"> | null</span>}
    </span>
  );
}
