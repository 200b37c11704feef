import type { Page, Request } from "@playwright/test";
import { expect, signUp, test } from "./fixtures";

const FOREIGN = "http://evil.example";

/** Creates a key through the page and returns the server-action request the browser sent for it. */
async function captureCreateKey(page: Page, name: string): Promise<Request> {
  await page.getByLabel("Nombre de la clave").fill(name);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]),
    page.getByRole("button", { name: "Crear clave" }).click(),
  ]);
  await expect(page.getByTestId("new-api-key")).toBeVisible();
  return request;
}

async function keyRows(page: Page): Promise<number> {
  await page.goto("/cuenta/claves");
  return page.locator("tr[data-key-id]").count();
}

test.describe("cross-site protection of session actions", () => {
  test("a session POST to the API from a foreign origin is refused with 403 forbidden", async ({ page }) => {
    await signUp(page);
    const res = await page.request.post("/v1/reports", {
      headers: { Origin: FOREIGN, "Content-Type": "application/json" },
      data: { cuit: "20123456786" },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: "forbidden" });
  });

  test("a replayed server action with the session cookie runs only from the app's own origin", async ({ page, baseURL }) => {
    await signUp(page);
    await page.goto("/cuenta/claves");
    const original = await captureCreateKey(page, "legítima");
    const body = original.postDataBuffer()!;
    const headers = Object.fromEntries(
      Object.entries(original.headers()).filter(([k]) => ["next-action", "next-router-state-tree", "content-type", "accept"].includes(k)),
    );
    const replay = (extra: Record<string, string>) => page.request.post("/cuenta/claves", { headers: { ...headers, ...extra }, data: body });
    expect(await keyRows(page)).toBe(1);

    // Another site's page posting the same action with the user's cookie: refused (Next's check and ours).
    const foreign = await replay({ Origin: FOREIGN, Referer: `${FOREIGN}/attack.html` });
    expect(await foreign.text()).not.toContain("lgj_");
    expect(await keyRows(page)).toBe(1);

    // No Origin and no Referer at all: Next lets it through, the app's own origin check refuses it.
    const anonymous = await replay({});
    const anonymousBody = await anonymous.text();
    expect(anonymousBody).toContain("origen no autorizado");
    expect(anonymousBody).not.toContain("lgj_");
    expect(await keyRows(page)).toBe(1);

    // The same replay from the app's own origin works, so the refusals above were the origin check.
    const own = await replay({ Origin: new URL(baseURL!).origin });
    expect(own.status()).toBe(200);
    expect(await own.text()).toMatch(/lgj_[0-9A-Za-z]{43}/);
    expect(await keyRows(page)).toBe(2);
  });
});
