import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BODY_TOO_LARGE, bodyLimitFor, bodyLimitMiddleware, CONTACT_FORM_LIMIT, MAX_ENQUIRY_BODY } from "./body-limit";

describe("bodyLimitFor", () => {
  it("names the rule for every write the site takes", () => {
    const rule = (method: string, path: string) => bodyLimitFor(method, path)?.name ?? null;
    expect(rule("GET", "/admin/login")).toBeNull();
    expect(rule("POST", "/api/uploads")).toBe("uploads");
    expect(rule("POST", "/")).toBe("contact-form");
    expect(rule("POST", "/_root.data")).toBe("contact-form");
    expect(rule("POST", "/api/enquiries")).toBe("contact-form");
    expect(rule("POST", "/admin/login")).toBe("sign-in");
    expect(rule("POST", "/admin/login.data")).toBe("sign-in");
    expect(rule("POST", "/api/auth/sign-in/email")).toBe("auth-api");
    expect(rule("POST", "/api/auth/sign-up/email")).toBe("auth-api");
    expect(rule("POST", "/admin/services.data")).toBe("admin");
    expect(rule("PUT", "/service/abc")).toBe("default");
    expect(bodyLimitFor("POST", "/api/enquiries")?.bytes).toBe(CONTACT_FORM_LIMIT);
  });
});

// A real HTTP server with the middleware in front of a handler that reads the whole body, as React Router does.
let server: http.Server | undefined;
let bytesSeenByHandler = 0;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

async function start(): Promise<number> {
  const limit = bodyLimitMiddleware();
  bytesSeenByHandler = 0;
  server = http.createServer((req, res) => {
    limit(req, res, () => {
      req.on("data", (chunk: Buffer) => (bytesSeenByHandler += chunk.length));
      req.on("end", () => res.end("read it all"));
      req.on("error", () => {});
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server!.address() as net.AddressInfo).port;
}

/**
 * Sends `head`, then up to `total` bytes of body in 64 KB chunks, stopping as soon as an answer arrives.
 * Resolves with the answer and how many body bytes had been sent by then.
 */
function send(port: number, head: string, total: number, chunked: boolean): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answer, sent });
    };
    socket.on("data", (d) => {
      answer += d.toString();
      if (answer.includes("\r\n\r\n")) setTimeout(finish, 20);
    });
    socket.on("error", () => finish());
    socket.on("close", finish);
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!done && sent < total) {
        const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]) : chunk;
        sent += chunk.length;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
    };
    pump();
    setTimeout(() => (done ? undefined : reject(new Error(`no answer after ${sent} bytes`))), 10_000);
  });
}

describe("bodyLimitMiddleware", () => {
  const HUNDRED_MB = 100 * 1024 * 1024;

  it("refuses a declared Content-Length over the limit with 413 before reading the body", async () => {
    const port = await start();
    const head = `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${HUNDRED_MB}\r\n\r\n`;
    const { answer, sent } = await send(port, head, HUNDRED_MB, false);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain(BODY_TOO_LARGE);
    expect(sent).toBeLessThan(HUNDRED_MB);
    expect(bytesSeenByHandler).toBe(0);
  });

  it("answers 413 while a chunked body without a length is still arriving, and never hands it over whole", async () => {
    const port = await start();
    const head = "POST /admin/login.data HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n";
    const { answer, sent } = await send(port, head, HUNDRED_MB, true);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(sent).toBeLessThan(HUNDRED_MB);
    expect(bytesSeenByHandler).toBeLessThanOrEqual(16 * 1024);
  });

  it("lets a body within the limit through whole", async () => {
    const port = await start();
    const size = 40 * 1024;
    const response = await fetch(`http://127.0.0.1:${port}/api/enquiries`, { method: "POST", body: "x".repeat(size) });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("read it all");
    expect(bytesSeenByHandler).toBe(size);
  });

  it("lets the contact form's attachments through as multipart, but not the same bytes as plain text", async () => {
    const port = await start();
    const size = 1024 * 1024;
    const multipart = await fetch(`http://127.0.0.1:${port}/api/enquiries`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "x".repeat(size),
    });
    expect(multipart.status).toBe(200);
    expect(bytesSeenByHandler).toBe(size);
    const text = await fetch(`http://127.0.0.1:${port}/api/enquiries`, { method: "POST", body: "x".repeat(size) });
    expect(text.status).toBe(413);
    const head = `POST /api/enquiries HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${MAX_ENQUIRY_BODY + 1}\r\n\r\n`;
    const { answer } = await send(port, head, MAX_ENQUIRY_BODY + 1, false);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it("leaves uploads to their own streaming limits", async () => {
    const port = await start();
    const response = await fetch(`http://127.0.0.1:${port}/api/uploads`, { method: "POST", body: "x".repeat(1024 * 1024) });
    expect(response.status).toBe(200);
  });
});
