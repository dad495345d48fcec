import { IconBox, type IconName } from "~/components/site/icon";
import { fallbackAttributes } from "~/i18n/localize";
import { type ContactInfo, displayUrl, telHref } from "~/lib/contact-info";
import type { ContactPrefill } from "~/content/enquiry";
import { CHAT_ICONS, chatName } from "./chat-icons";
import { useMessages } from "~/i18n/messages";
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
  const m = useMessages();
  return (
    <FadeIn as="section" id="contact" aria-labelledby="contact-title" className="contact">
      <div className="wrap">
        <SectionHeading
          id="contact-title"
          eyebrow={m.contactUs}
          title={m.contactTitle}
          description={m.contactIntro}
        />
        <div className="contact-grid">
          <div className="contact-info">
            <h3>{m.contactInfoTitle}</h3>
            <p>{m.contactInfoText}</p>
            <ul className="contact-list">
              {info.phones.length > 0 ? (
                <InfoItem icon="phone" title={m.contactPhone}>
                  <ul>
                    {info.phones.map((p) => (
                      <li key={p.value}>
                        <a href={telHref(p.value)} dir="ltr">
                          {p.value}
                        </a>
                        {p.label ? (
                          <>
                            {" "}
                            <span dir="auto" {...fallbackAttributes(p.fallback?.includes("label") ?? false)}>
                              ({p.label})
                            </span>
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </InfoItem>
              ) : null}
              {info.chats.map((chat) => (
                <InfoItem key={chat.href} icon={CHAT_ICONS[chat.channel]} title={chatName(m, chat.channel)}>
                  <a href={chat.href} rel="nofollow">
                    {m.chatOn(chatName(m, chat.channel), "")}
                    <bdi dir="ltr">{chat.number}</bdi>
                  </a>
                  {chat.label ? (
                    <>
                      {" "}
                      <span dir="auto" {...fallbackAttributes(chat.labelInEnglish ?? false)}>
                        ({chat.label})
                      </span>
                    </>
                  ) : null}
                </InfoItem>
              ))}
              <InfoItem icon="mail" title={m.contactEmail}>
                <a href={`mailto:${info.email}`} dir="ltr">
                  {info.email}
                </a>
              </InfoItem>
              <InfoItem icon="map-pin" title={m.contactAddress}>
                <p dir="auto" {...fallbackAttributes(info.fallback.address)}>
                  {info.address}
                </p>
              </InfoItem>
              <InfoItem icon="clock" title={m.contactHours}>
                <p dir="auto" {...fallbackAttributes(info.fallback.hours)}>
                  {info.hours}
                </p>
              </InfoItem>
              {info.website ? (
                <InfoItem icon="globe" title={m.contactWebsite}>
                  <a href={info.website} rel="noopener" dir="ltr">
                    {displayUrl(info.website)}
                  </a>
                </InfoItem>
              ) : null}
            </ul>
          </div>
          <div className="contact-card">
            <h3>{m.contactFormTitle}</h3>
            <p>{m.contactFormText}</p>
            <ContactForm formToken={formToken} result={result} prefill={prefill} />
          </div>
        </div>
      </div>
    </FadeIn>
  );
}
