import { IconBox, type IconName } from "~/components/site/icon";
import { fallbackAttributes } from "~/i18n/localize";
import { type ContactInfo, displayUrl, telHref } from "~/lib/contact-info";
import type { ContactPrefill } from "~/content/enquiry";
import { CHAT_ICONS } from "./chat-icons";
import { ContactForm, type EnquiryActionData } from "./contact-form";
import { FadeIn } from "./fade-in";
import { SectionHeading } from "./section-heading";

function InfoItem({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <li>
      <IconBox name={icon} />
      <div>
        <h3>{title}</h3>
        <div>{children}</div>
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
    <FadeIn as="section" id="contact" aria-labelledby="contact-title" className="contact">
      <div className="wrap">
        <SectionHeading
          id="contact-title"
          eyebrow="Contact Us"
          title="Get Your Free Quote"
          description="Tell us about your project and we will get back to you within 24 hours with next steps and an honest estimate."
        />
        <div className="contact-grid">
          <div className="contact-info">
            <h3>Contact Information</h3>
            <p>Visit our office, call or email us. Site visits are free across Male and Hulhumalé.</p>
            <ul className="contact-list">
              {info.phones.length > 0 ? (
                <InfoItem icon="phone" title="Phone">
                  <ul>
                    {info.phones.map((p) => (
                      <li key={p.value}>
                        <a href={telHref(p.value)}>{p.value}</a>
                        {p.label ? <span {...fallbackAttributes(p.fallback?.includes("label") ?? false)}> ({p.label})</span> : null}
                      </li>
                    ))}
                  </ul>
                </InfoItem>
              ) : null}
              {info.chats.map((chat) => (
                <InfoItem key={chat.href} icon={CHAT_ICONS[chat.channel]} title={chat.name}>
                  <a href={chat.href} rel="nofollow">
                    Chat on {chat.name}: {chat.number}
                  </a>
                  {chat.label ? <span> ({chat.label})</span> : null}
                </InfoItem>
              ))}
              <InfoItem icon="mail" title="Email">
                <a href={`mailto:${info.email}`}>{info.email}</a>
              </InfoItem>
              <InfoItem icon="map-pin" title="Address">
                <p {...fallbackAttributes(info.fallback.address)}>{info.address}</p>
              </InfoItem>
              <InfoItem icon="clock" title="Business Hours">
                <p {...fallbackAttributes(info.fallback.hours)}>{info.hours}</p>
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
          <div className="contact-card">
            <h3>Send Us a Message</h3>
            <p>Share a few details and our project team will be in touch.</p>
            <ContactForm formToken={formToken} result={result} prefill={prefill} />
          </div>
        </div>
      </div>
    </FadeIn>
  );
}
