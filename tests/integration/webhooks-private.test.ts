import { describe, expect, it } from "vitest";
import { POST as postWebhook } from "@/app/v1/webhooks/route";
import { isPrivateAddress } from "@/lib/webhooks/url-guard";
import { newAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";
import { ipOf } from "../helpers/reports";

describe("webhook URLs", () => {
  it("refuses URLs that reach loopback, private or link-local addresses (WEBHOOK_ALLOW_PRIVATE unset)", async () => {
    const a = await newAccount();
    const post = (url: string) => call(postWebhook, "/v1/webhooks", { method: "POST", ip: ipOf(a), headers: bearer(a.key), body: { url, eventos: ["monitoreo.cambio"] } });
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://10.1.2.3/hook",
      "http://172.20.0.5/hook",
      "http://192.168.0.10/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/hook",
      "http://[fd00::1]/hook",
      "http://[fe80::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://0.0.0.0/hook",
    ]) {
      const res = await post(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toBe("url_no_permitida");
    }
    const ok = await post("https://93.184.215.14/hook");
    expect(ok.status).toBe(201);
    expect((await post("ftp://93.184.215.14/hook")).body.error).toBe("body_invalido");
  });

  it("classifies addresses", () => {
    expect(isPrivateAddress("100.64.1.1")).toBe(true);
    expect(isPrivateAddress("8.8.8.8")).toBe(false);
    expect(isPrivateAddress("2001:4860:4860::8888")).toBe(false);
  });
});
