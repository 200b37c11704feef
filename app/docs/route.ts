// GET /docs – API reference rendered in the browser from the live /v1/openapi.json (Scalar, served by the app)
const CONFIGURATION = JSON.stringify({
  url: "/v1/openapi.json",
  // Everything comes from this app: no web fonts, no request proxy, no external services.
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  telemetry: false,
  metaData: { title: "Legajo · Referencia de la API" },
});

const PAGE = `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Legajo · Referencia de la API</title>
    <style>body { margin: 0; font-family: system-ui, sans-serif; } .back { display: block; padding: 8px 16px; font-size: 14px; background: #0f172a; color: #fff; } .back:focus { outline: 3px solid #38bdf8; }</style>
  </head>
  <body>
    <a class="back" href="/">← Volver a Legajo</a>
    <main id="reference"></main>
    <script src="/docs/scalar.js"></script>
    <script>Scalar.createApiReference("#reference", ${CONFIGURATION});</script>
  </body>
</html>`;

export function GET(): Response {
  return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
}
