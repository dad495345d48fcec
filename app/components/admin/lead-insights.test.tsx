import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LeadFunnel } from "./lead-insights";

const NONE = { enquiries: 0, contacted: 0, quoted: 0, won: 0, lost: 0, valueWon: 0 };
const EMPTY_NOTE = "No enquiries in the last 90 days yet.";
// The bars are the only aria-hidden lists of the card.
const barLists = (html: string) => html.match(/<ul[^>]*aria-hidden="true"/g)?.length ?? 0;

describe("LeadFunnel", () => {
  it("says what will be there before the first enquiry, instead of empty bars", () => {
    const html = renderToString(<LeadFunnel funnel={NONE} />);
    expect(html).toContain(EMPTY_NOTE);
    expect(barLists(html)).toBe(0);
    expect(html).toContain('data-testid="funnel-enquiries">0<');
  });

  it("draws the funnel once there are enquiries, and won against lost once one is decided", () => {
    const open = renderToString(<LeadFunnel funnel={{ ...NONE, enquiries: 3, contacted: 1 }} />);
    expect(open).not.toContain(EMPTY_NOTE);
    expect(barLists(open)).toBe(1);
    const decided = renderToString(<LeadFunnel funnel={{ ...NONE, enquiries: 3, contacted: 2, quoted: 1, won: 1, lost: 1 }} />);
    expect(barLists(decided)).toBe(2);
  });
});
