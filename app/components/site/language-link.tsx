import { HTML_ATTRIBUTES, localizedPath, otherLanguage } from "~/i18n/language";
import { useMessages, usePageAddress } from "~/i18n/messages";
import { pageQuery } from "~/lib/page-query";

/**
 * The same page in the other language (docs/decisions/0077-dhivehi-design.md): a plain link that keeps the path and
 * the part of the query string the page reads (the portfolio's filters and page, the contact form's start), as the
 * page cache's key does, so a stored page links right for every request it answers. Its name is written in the
 * language it leads to, and says so (`lang`), so a screen reader reads "ދިވެހި" in Dhivehi.
 */
export function LanguageLink({ className }: { className?: string }) {
  const { language, englishPath, search } = usePageAddress();
  const m = useMessages();
  const target = otherLanguage(language);
  const query = pageQuery(englishPath, new URLSearchParams(search)) ?? "";
  return (
    <a
      href={localizedPath(target, `${englishPath}${query}`)}
      hrefLang={HTML_ATTRIBUTES[target].lang}
      lang={HTML_ATTRIBUTES[target].lang}
      className={className ? `lang-link ${className}` : "lang-link"}
    >
      {m.otherLanguage}
    </a>
  );
}
