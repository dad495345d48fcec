import { afterAll, describe, expect, it } from "vitest";
import { sendInviteEmail } from "~/.server/mail/account-emails";
import { mailQueueIdle, processMailQueue } from "~/.server/mail/mail-queue";
import { setMailConfigForTests, setMailSenderForTests } from "~/.server/mail/mailer";
import { sendLeadReply } from "~/.server/enquiries/leads";
import { createEnquiry } from "~/.server/models/enquiries";
import { getLead } from "~/.server/models/leads";
import { publishDraft, saveDraft } from "~/.server/models/site-content";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { fillTemplate } from "~/validation/lead";
import * as layout from "~/routes/admin/layout";
import * as enquiries from "~/routes/admin/enquiries";
import * as home from "~/routes/public/home";
import * as projects from "~/routes/public/projects";
import { createAdmin } from "../factories";
import { useTestDatabase } from "../setup/database";
import { decodedText, useSmtpSink } from "../setup/smtp-sink";
import { adminSession, call, getRequest } from "./admin-support";

// Vitest shares modules between files here (isolate: false): the mail sender this file sets must not outlive it.
afterAll(() => setMailSenderForTests(undefined));

// docs/product.md#site-editor: the company's name is one published value; every place that shows it reads it.

useTestDatabase();
const sink = useSmtpSink();

async function rename(name: string) {
  const admin = await createAdmin();
  const saved = await saveDraft("company", { ...DEFAULT_SITE_CONTENT.company, name }, 0, admin.id);
  if (!saved.ok || !(await publishDraft("company", saved.revision, admin.id)).ok) throw new Error("not published");
}

describe("renaming the company", () => {
  it("carries through the home page: title, meta description, about, footer and structured data", async () => {
    await rename("Reef Builders");
    const page = await call<{ chrome: { footer: { description: string } }; content: { about: { title: string; paragraphs: string[] } } }>(home.loader, getRequest("/"));
    expect(page.data.chrome.footer.description).toBe("Reef Builders designs, builds, renovates and maintains homes, resorts and public works across the Maldives.");
    expect(page.data.content.about.title).toBe("About Reef Builders");
    expect(page.data.content.about.paragraphs[0]).toMatch(/^Since 2015 Reef Builders has delivered/);
    const seo = JSON.stringify(page.data);
    expect(seo).toContain('{"name":"description","content":"Reef Builders designs, builds');
    // Nothing on the page names the starting company any more, nor shows a placeholder.
    expect(seo).not.toContain("Atoll Construction");
    expect(seo).not.toContain("{company}");
    const portfolio = await call(projects.loader, getRequest("/projects"));
    expect(JSON.stringify(portfolio.data)).not.toContain("Atoll Construction");
  });

  it("carries through the admin's sidebar, reply templates, reply sender and account emails", async () => {
    await rename("Reef Builders");
    const { cookie } = await adminSession();
    const shell = await call<{ companyName: string }>(layout.loader, getRequest("/admin/dashboard", cookie));
    expect(shell.data.companyName).toBe("Reef Builders");

    const enquiry = await createEnquiry({ name: "Aishath", email: "aishath@example.mv", phone: null, subject: "Villa", message: "Hello", source_page: "/", ip: null, user_agent: null, spam_reason: null, notify: false });
    const page = await call<{ companyName: string; templates: Array<{ body: string }> }>(enquiries.loader, getRequest(`/admin/enquiries?id=${enquiry.id}`, cookie));
    expect(page.data.companyName).toBe("Reef Builders");
    // The starting templates sign with {company}; the lead fills it with the published name.
    expect(fillTemplate(page.data.templates[0].body, { name: "Aishath", project_type: "Villa", company: page.data.companyName })).toMatch(/Kind regards,\nReef Builders$/);

    setMailSenderForTests(sink.sender);
    setMailConfigForTests(sink.config);
    await sendInviteEmail("new@example.mv", "http://localhost:3000/admin/invite?token=x", "Aishath");
    const lead = await getLead(enquiry.id);
    if (!lead) throw new Error("no lead");
    const author = await createAdmin(undefined, "Mariyam");
    await sendLeadReply(lead, { id: author.id, name: "Mariyam" }, { subject: "Your villa", body: "Dear Aishath" });
    await mailQueueIdle();
    await processMailQueue(sink.sender);
    const mails = sink.received.map(decodedText);
    expect(mails).toHaveLength(2);
    const invite = mails.find((m) => m.includes("new@example.mv")) ?? "";
    expect(invite).toContain("manage the Reef Builders website");
    expect(invite).toMatch(/Subject: You are invited to the admin panel \| Reef Builders/);
    const reply = mails.find((m) => m.includes("aishath@example.mv")) ?? "";
    expect(reply).toMatch(/From: "?Reef Builders"? <website@atoll\.example>/);
    for (const mail of mails) expect(mail).not.toContain("Atoll Construction");
  });
});
