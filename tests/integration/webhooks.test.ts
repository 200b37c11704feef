import { eq } from "drizzle-orm";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getEvents } from "@/app/v1/events/route";
import { GET as listDeliveries } from "@/app/v1/webhooks/[id]/deliveries/route";
import { POST as rotate } from "@/app/v1/webhooks/[id]/rotate-secret/route";
import { POST as sendTest } from "@/app/v1/webhooks/[id]/test/route";
import { GET as listWebhooks, POST as postWebhook } from "@/app/v1/webhooks/route";
import { closeDb, getDb } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { stopWorkers } from "@/lib/jobs/start";
import { recordEvents } from "@/lib/monitoring/record-events";
import { RETRY_DELAYS_S } from "@/lib/webhooks/backoff";
import { deliverDue } from "@/lib/webhooks/deliver";
import { newAccount, type TestAccount } from "../helpers/accounts";
import { useFakeTime } from "../helpers/clock";
import { bearer, call } from "../helpers/http";
import { startReceiver, type Answer } from "../helpers/monitoring";
import { demoCuits } from "../helpers/demo";
import { generate, ipOf } from "../helpers/reports";

/** A database of this file's own: no other test file's worker takes its deliveries. Receivers listen on loopback. */
const own = vi.hoisted(() => {
  const suiteUrl = process.env.DATABASE_URL!;
  const name = `legajo_whk_${process.pid}_${Date.now()}`;
  Object.assign(process.env, {
    DATABASE_URL: `${suiteUrl.slice(0, suiteUrl.lastIndexOf("/"))}/${name}`,
    SEED_DEMO: "true",
    DEMO_CUITS: "100",
    WEBHOOK_ALLOW_PRIVATE: "true",
  });
  return { adminUrl: `${suiteUrl.slice(0, suiteUrl.lastIndexOf("/"))}/postgres`, name };
});

const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
let clock: ReturnType<typeof useFakeTime> | undefined;

beforeAll(async () => {
  const admin = postgres(own.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${own.name}`);
  await admin.end();
  await getDb();
});

afterEach(() => {
  clock?.restore();
  clock = undefined;
});

afterAll(async () => {
  for (const r of receivers) await r.close();
  await stopWorkers();
  await closeDb();
  const admin = postgres(own.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${own.name} with (force)`);
  await admin.end();
});

async function receiver(answer?: (n: number) => Answer) {
  const r = await startReceiver(answer && ((_req, n) => answer(n)));
  receivers.push(r);
  return r;
}

async function hook(a: TestAccount, url: string, eventos = ["monitoreo.cambio", "informe.generado", "saldo.bajo", "lote.completado"]) {
  const res = await call(postWebhook, "/v1/webhooks", { method: "POST", ip: ipOf(a), headers: bearer(a.key), body: { url, eventos } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secreto: string };
}

/** `n` change events of the account, with their deliveries. */
const changes = async (a: TestAccount, n: number) =>
  recordEvents(
    await getDb(),
    Array.from({ length: n }, (_, i) => ({
      accountId: a.accountId,
      tipo: "monitoreo.cambio" as const,
      cuit: "30500010912",
      severidad: "info" as const,
      datos: { n: i, secciones: [{ seccion: "marcas", resumen: `Nueva marca ${i}`, severidad: "info" }] },
    })),
  );

const deliveriesOf = async (endpointId: string) =>
  (await getDb()).select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe("webhook deliveries", () => {
  it("signs each delivery per Standard Webhooks: the standardwebhooks package verifies it, and a rotation signs with both secrets", async () => {
    const a = await newAccount();
    const r = await receiver();
    const { id, secreto } = await hook(a, r.url());
    expect(secreto).toMatch(/^whsec_/);
    const listed = await call(listWebhooks, "/v1/webhooks", { ip: ipOf(a), headers: bearer(a.key) });
    expect(JSON.stringify(listed.body)).not.toContain(secreto);

    const report = await generate(a, (await demoCuits()).ok[0]);
    expect(report.status).toBe(200);
    await deliverDue();
    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    const payload = new Webhook(secreto).verify(got.body, got.headers) as { type: string; data: { tipo: string; datos: { informe_id: string } } };
    expect(payload.type).toBe("informe.generado");
    expect(payload.data.datos.informe_id).toBe(report.body.informe_id);
    expect(() => new Webhook(`whsec_${Buffer.from("otro secreto cualquiera").toString("base64")}`).verify(got.body, got.headers)).toThrow();

    const rotated = await call(rotate, `/v1/webhooks/${id}/rotate-secret`, { method: "POST", ip: ipOf(a), headers: bearer(a.key), params: { id } });
    const test = await call(sendTest, `/v1/webhooks/${id}/test`, { method: "POST", ip: ipOf(a), headers: bearer(a.key), params: { id } });
    expect(test.status).toBe(202);
    await deliverDue();
    const second = r.received[1];
    expect(second.headers["webhook-id"]).toBe(test.body.entrega_id);
    expect((new Webhook(rotated.body.secreto).verify(second.body, second.headers) as { type: string }).type).toBe("webhook.prueba");
    expect(new Webhook(secreto).verify(second.body, second.headers)).toBeTruthy();
  });

  it("retries a 500 with backoff, under the same webhook-id, until the receiver answers 2xx", async () => {
    const a = await newAccount();
    const r = await receiver((n) => ({ status: n <= 2 ? 500 : 204 }));
    const { id } = await hook(a, r.url());
    clock = useFakeTime(Date.now() + 1_000);
    await changes(a, 1);
    await deliverDue();
    let [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ estado: "pendiente", intentos: 1, lastStatus: 500 });
    expect(d.nextAttemptAt.getTime() - clock.ms).toBe(RETRY_DELAYS_S[0] * 1000);
    // Not due yet: nothing is sent.
    expect((await deliverDue()).attempted).toBe(0);
    clock.advance(RETRY_DELAYS_S[0] * 1000);
    await deliverDue();
    clock.advance(RETRY_DELAYS_S[1] * 1000);
    await deliverDue();
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ estado: "entregado", intentos: 3, lastStatus: 204 });
    expect(new Set(r.ids())).toEqual(new Set([d.id]));
    expect(r.received).toHaveLength(3);
    const page = await call(listDeliveries, `/v1/webhooks/${id}/deliveries`, { ip: ipOf(a), headers: bearer(a.key), params: { id } });
    expect(page.body.items[0]).toMatchObject({ id: d.id, estado: "entregado", intentos: 3, ultimo_status: 204 });
  });

  it("counts a receiver that does not answer within 10 s as failed, and retries it", async () => {
    const a = await newAccount();
    const r = await receiver((n) => (n === 1 ? { status: 200, delayMs: 12_000 } : { status: 200 }));
    const { id } = await hook(a, r.url());
    clock = useFakeTime(Date.now() + 1_000);
    await changes(a, 1);
    const started = performance.now();
    await deliverDue();
    expect(performance.now() - started).toBeGreaterThanOrEqual(9_900);
    let [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ estado: "pendiente", intentos: 1, lastStatus: null, lastError: "Sin respuesta en 10 s." });
    clock.advance(RETRY_DELAYS_S[0] * 1000);
    await deliverDue();
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ estado: "entregado", intentos: 2 });
  });

  it("stops at once on 410 and disables the endpoint", async () => {
    const a = await newAccount();
    const r = await receiver(() => ({ status: 410 }));
    const { id } = await hook(a, r.url());
    await changes(a, 2);
    await deliverDue();
    const ds = await deliveriesOf(id);
    expect(ds.map((d) => d.estado).sort()).toEqual(["fallido", "fallido"]);
    expect(ds.every((d) => d.intentos === 1)).toBe(true);
    const [endpoint] = await (await getDb()).select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint).toMatchObject({ activo: false, disabledReason: expect.stringContaining("410") });
    await changes(a, 1);
    expect(await deliveriesOf(id)).toHaveLength(2);
  });

  it("retries for about a day, then gives up and disables an endpoint that failed every delivery", async () => {
    const a = await newAccount();
    const r = await receiver(() => ({ status: 503 }));
    const { id } = await hook(a, r.url());
    clock = useFakeTime(Date.now() + 1_000);
    const start = clock.ms;
    await changes(a, 1);
    await deliverDue();
    for (const delay of RETRY_DELAYS_S) {
      clock.advance(delay * 1000);
      await deliverDue();
    }
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ estado: "fallido", intentos: RETRY_DELAYS_S.length + 1 });
    expect((clock.ms - start) / 3_600_000).toBeGreaterThan(24);
    const [endpoint] = await (await getDb()).select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint.activo).toBe(false);
    expect(endpoint.disabledReason).toContain("durante un día");
    expect(r.received).toHaveLength(RETRY_DELAYS_S.length + 1);
  });

  it("never lets two workers send the same attempt", async () => {
    const a = await newAccount();
    const r = await receiver(() => ({ status: 200, delayMs: 5 }));
    const { id } = await hook(a, r.url());
    await changes(a, 600);
    const [one, two] = await Promise.all([deliverDue(), deliverDue()]);
    expect(one.attempted + two.attempted).toBe(600);
    expect(r.received).toHaveLength(600);
    expect(new Set(r.ids()).size).toBe(600);
    expect((await deliveriesOf(id)).every((d) => d.estado === "entregado" && d.intentos === 1)).toBe(true);
  });

  it("never sends an event of account A to account B, nor shows it in B's feed or deliveries", async () => {
    const [a, b] = await Promise.all([newAccount(), newAccount()]);
    const r = await receiver();
    const ha = await hook(a, r.url("/a"));
    const hb = await hook(b, r.url("/b"));
    const cursorB = (await call(getEvents, "/v1/events", { ip: ipOf(b), headers: bearer(b.key) })).body.cursor as string;
    await changes(a, 5);
    await deliverDue();
    expect(r.received.filter((x) => x.path === "/a")).toHaveLength(5);
    expect(r.received.filter((x) => x.path === "/b")).toHaveLength(0);
    for (const x of r.received.filter((y) => y.path === "/a")) expect(() => new Webhook(hb.secreto).verify(x.body, x.headers)).toThrow();
    const feedB = await call(getEvents, `/v1/events?desde=${cursorB}`, { ip: ipOf(b), headers: bearer(b.key) });
    expect(feedB.body.items).toEqual([]);
    const foreign = await call(listDeliveries, `/v1/webhooks/${ha.id}/deliveries`, { ip: ipOf(b), headers: bearer(b.key), params: { id: ha.id } });
    expect(foreign.status).toBe(404);
  });
});
