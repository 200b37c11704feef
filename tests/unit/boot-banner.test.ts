import { describe, expect, it } from "vitest";
import { bannerText, bannerUrl, printBootBanner } from "@/lib/boot-banner";

describe("the start-up banner", () => {
  it("names the URL: APP_URL, else localhost at the server's port", () => {
    expect(bannerUrl({ APP_URL: "https://legajo.example.com" }, "3000")).toBe("https://legajo.example.com");
    expect(bannerUrl({}, "3210")).toBe("http://localhost:3210");
    expect(bannerUrl({}, undefined)).toBe("http://localhost:3000");
  });

  it("lists the demo logins only when the demo accounts exist", () => {
    const demo = bannerText("http://localhost:3000", { admin: true, customer: true });
    expect(demo).toContain("http://localhost:3000");
    expect(demo).toContain("admin@legajo.demo  /  legajo-admin-demo");
    expect(demo).toContain("cliente@legajo.demo  /  legajo-cliente-demo");
    const plain = bannerText("https://legajo.example.com", { admin: false, customer: false });
    expect(plain).toContain("https://legajo.example.com");
    expect(plain).not.toContain("legajo.demo");
  });

  it("prints nothing when the output is not a terminal", () => {
    let written = "";
    printBootBanner({ isTTY: false, write: (s: string) => ((written += s), true) } as unknown as NodeJS.WriteStream);
    expect(written).toBe("");
  });
});
