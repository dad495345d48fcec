import { IconBox, type IconName } from "~/components/site/icon";
import { type ContactInfo, displayUrl, telHref } from "~/lib/contact-info";
import type { ContactPrefill } from "~/content/enquiry";
import { ContactForm, type EnquiryActionData } from "./contact-form";
import { FadeIn } from "./fade-in";
import { SectionHeading } from "./section-heading";

function InfoItem({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <IconBox name={icon} iconClassName="before:size-5" className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-navy text-brand-amber" />
      <div className="min-w-0">
        <h3 className="font-semibold text-brand-navy">{title}</h3>
        <div className="mt-1 text-muted-foreground [&_a]:break-words [&_a]:hover:text-primary [&_a]:hover:underline">{children}</div>
      </div>
    </li>
  );
}

/** docs/product.md#contact: the contact form and the contact entries (with fallbacks for email, address and hours). */
export function ContactSection({
  info,
  formToken,
  result,
  prefill,
}: {
  info: ContactInfo;
  formToken: string;
  result?: EnquiryActionData;
  prefill?: ContactPrefill | null;
}) {
  return (
    <FadeIn as="section" id="contact" aria-labelledby="contact-title" className="bg-white py-20 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="contact-title"
          eyebrow="Contact Us"
          title="Get Your Free Quote"
          description="Tell us about your project and we will get back to you within 24 hours with next steps and an honest estimate."
        />
        <div className="grid items-start gap-8 lg:grid-cols-[2fr_3fr] lg:gap-12">
          <div className="rounded-2xl bg-muted/70 p-7 sm:p-8">
            <h3 className="text-xl font-semibold text-brand-navy">Contact Information</h3>
            <p className="mt-2 text-muted-foreground">Visit our office, call or email us. Site visits are free across Male and Hulhumalé.</p>
            <ul className="mt-8 space-y-6">
              {info.phones.length > 0 ? (
                <InfoItem icon="phone" title="Phone">
                  <ul>
                    {info.phones.map((p) => (
                      <li key={p.value}>
                        <a href={telHref(p.value)}>{p.value}</a>
                        {p.label ? <span className="text-sm"> ({p.label})</span> : null}
                      </li>
                    ))}
                  </ul>
                </InfoItem>
              ) : null}
              <InfoItem icon="mail" title="Email">
                <a href={`mailto:${info.email}`}>{info.email}</a>
              </InfoItem>
              <InfoItem icon="map-pin" title="Address">
                <p>{info.address}</p>
              </InfoItem>
              <InfoItem icon="clock" title="Business Hours">
                <p>{info.hours}</p>
              </InfoItem>
              {info.website ? (
                <InfoItem icon="globe" title="Website">
                  <a href={info.website} rel="noopener">
                    {displayUrl(info.website)}
                  </a>
                </InfoItem>
              ) : null}
            </ul>
          </div>
          <div className="rounded-2xl border bg-card p-6 shadow-lg sm:p-8">
            <h3 className="text-xl font-semibold text-brand-navy">Send Us a Message</h3>
            <p className="mt-2 mb-6 text-muted-foreground">Share a few details and our project team will be in touch.</p>
            <ContactForm formToken={formToken} result={result} prefill={prefill} />
          </div>
        </div>
      </div>
    </FadeIn>
  );
}
