import { useState } from "react";
import type { Route } from "./+types/settings";
import { requireAction, requirePermission } from "~/.server/auth/access";
import { can, type Role, ROLES, type RoutePermissions, TWO_FACTOR_KEY } from "~/lib/permissions";
import { getSetting, listSettings, setHeroBackgroundType, updateSetting } from "~/.server/models/settings";
import { getSiteContent } from "~/.server/models/site-chrome";
import { LoadError } from "~/components/admin/load-error";
import { SettingMediaField, SettingSelect, SettingSwitch, SettingTextField } from "~/components/admin/setting-controls";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { DEFAULT_SETTINGS, heroUrlProblem, SECURITY_SETTING_KEYS, SETTING_KEYS, type SettingKey, SettingUpdateSchema } from "~/validation/settings";
import { loadFailed } from "./action-helpers";
import { recordAction, type Wording } from "./record-action";

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "settings.site", intents: { "": "settings.site", update: "settings.site" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  const [rows, content] = await Promise.all([listSettings().catch(loadFailed("site settings")), getSiteContent()]);
  const settings: Record<SettingKey, string> = { ...DEFAULT_SETTINGS };
  for (const row of rows ?? []) {
    if ((SETTING_KEYS as readonly string[]).includes(row.setting_key)) settings[row.setting_key as SettingKey] = row.setting_value;
  }
  // The text logo falls back to the company name of the Site Content page.
  const security = can(user.role, "settings.security");
  return { settings, security, companyName: content.company.name, loadError: rows === null ? "Failed to fetch site settings" : null };
}

const WORDING: Wording = { message: "Failed to update setting" };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  // The site's settings are always there: each write names its setting by `key`, never by an id.
  const options = { entity: "setting", noun: "setting", singleton: "site-settings", wording: () => WORDING };
  return recordAction(request, user, options, async (act) => {
    switch (act.intent) {
      // A post without an intent is an update, as it has always been.
      case "":
      case "update": {
        const { key, value } = act.parse(SettingUpdateSchema);
        // The sign-in rules are an Owner's: the key decides, not the page (docs/decisions/0076-staff-roles-design.md).
        if (SECURITY_SETTING_KEYS.includes(key)) await requirePermission(request, "settings.security");
        // Turning the requirement on for one's own role without it oneself would lock the switch's own user out.
        if (user.role && key === TWO_FACTOR_KEY[user.role] && value === "true" && !user.twoFactorEnabled) {
          return act.refuse(null, 400, { value: "Set up two-factor for your own account first (Profile, Two-factor)" });
        }
        // The hero background's address and type always match (docs/decisions/0019-admin-toasts-and-hero-media.md): a mismatched address is refused, and a
        // type switch clears an address of the other kind (the page then asks for a matching file).
        if (key === "hero_background_type") {
          const type = value === "video" ? "video" : "image";
          const { clearedUrl } = await act.run(() => setHeroBackgroundType(type), { key });
          const article = type === "video" ? "a video" : "an image";
          const detail = clearedUrl ? `The previous file was not ${article}: upload ${article} for the hero.` : undefined;
          return act.done(
            { action: "setting.update", entityId: key, fields: clearedUrl ? [key, "hero_background_url"] : [key], detail: type },
            { name: key, message: "Setting updated successfully", detail },
          );
        }
        if (key === "hero_background_url") {
          const problem = heroUrlProblem(await act.run(() => getSetting("hero_background_type"), { key }), value);
          if (problem) return act.refuse(null, 400, { value: problem });
        }
        await act.run(() => updateSetting(key, value), { key });
        return act.done({ action: "setting.update", entityId: key, fields: [key], detail: value.slice(0, 200) }, { name: key, message: "Setting updated successfully" });
      }
      default:
        return act.unknown();
    }
  });
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, security, companyName, loadError } = loaderData;
  if (loadError) {
    return (
      <>
        <title>Settings | Admin</title>
        <LoadError message={loadError} />
      </>
    );
  }
  return (
    <>
      <title>Settings | Admin</title>
      <Tabs defaultValue="logos" className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="logos" className="px-4">
            Logos
          </TabsTrigger>
          <TabsTrigger value="hero" className="px-4">
            Hero Section
          </TabsTrigger>
        </TabsList>
        <TabsContent value="logos" className="grid gap-6 lg:grid-cols-2">
          <LogoSettings which="header" settings={settings} companyName={companyName} />
          <LogoSettings which="footer" settings={settings} companyName={companyName} />
        </TabsContent>
        <TabsContent value="hero">
          <HeroSettings settings={settings} />
        </TabsContent>
      </Tabs>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Sample Content</h2>
          </CardTitle>
          <CardDescription>What the home page shows while there are no active services or public projects.</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingSwitch
            settingKey="show_sample_content"
            saved={settings.show_sample_content}
            label="Show sample content"
            description="On: three sample cards. Off: the 'Coming Soon' message."
          />
        </CardContent>
      </Card>

      {security ? <SecuritySettings settings={settings} /> : null}
    </>
  );
}

/** An Owner's: two-factor per role, and whether Sales see every lead (docs/product.md#access). */
function SecuritySettings({ settings }: { settings: Record<SettingKey, string> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Security</h2>
        </CardTitle>
        <CardDescription>Sign-in rules per role, and what Sales see.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {ROLES.map((role) => (
          <SettingSwitch
            key={role}
            settingKey={TWO_FACTOR_KEY[role]}
            saved={settings[TWO_FACTOR_KEY[role]]}
            label={`Require two-factor for ${ROLE_PLURAL[role]}`}
            description={`${ROLE_PLURAL[role]} without an authenticator app set up are sent to set one up before anything else.`}
          />
        ))}
        <SettingSwitch
          settingKey="sales_own_leads_only"
          saved={settings.sales_own_leads_only}
          label="Sales see only the leads assigned to them or to no one"
          description="Off: Sales see every enquiry. On: the list, board, search, export and attachments leave out leads assigned to a colleague."
        />
      </CardContent>
    </Card>
  );
}

const ROLE_PLURAL: Record<Role, string> = { admin: "Owners", editor: "Editors", sales: "Sales" };

function LogoSettings({ which, settings, companyName }: { which: "header" | "footer"; settings: Record<SettingKey, string>; companyName: string }) {
  const name = which === "header" ? "Header" : "Footer";
  const typeKey = `${which}_logo_type` as const;
  // Follows the switch at once, before the save comes back.
  const [type, setType] = useState(settings[typeKey]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{name} Logo</h2>
        </CardTitle>
        <CardDescription>Shown in the site's {which}: the company name as text, or an image.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SettingSwitch
          settingKey={typeKey}
          saved={settings[typeKey]}
          label="Use text logo"
          description={`The ${which} shows text instead of an image.`}
          on="text"
          off="image"
          onChange={setType}
        />
        {type === "text" ? (
          <SettingTextField
            settingKey={`${which}_logo_text`}
            saved={settings[`${which}_logo_text`]}
            label={`${name} Logo Text`}
            placeholder={companyName}
            hint={`Empty shows "${companyName}".`}
          />
        ) : (
          <SettingMediaField
            settingKey={`${which}_logo_image_url`}
            saved={settings[`${which}_logo_image_url`]}
            label={`${name} Logo Image URL`}
            uploadLabel={`Upload ${which} logo`}
            folder="logos"
            // Previewed on the background it will sit on: the header's white, the footer's navy (docs/decisions/0019-admin-toasts-and-hero-media.md).
            previewOn={which === "footer" ? "dark" : "light"}
          />
        )}
      </CardContent>
    </Card>
  );
}

function HeroSettings({ settings }: { settings: Record<SettingKey, string> }) {
  const [type, setType] = useState(settings.hero_background_type);
  const kind = type === "video" ? "video" : "image";
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Hero Background</h2>
        </CardTitle>
        <CardDescription>The large background behind the home page's first section.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SettingSelect
          settingKey="hero_background_type"
          saved={settings.hero_background_type}
          label="Background Type"
          options={[
            { value: "image", label: "Image" },
            { value: "video", label: "Video" },
          ]}
          onChange={setType}
        />
        <SettingMediaField
          key={kind}
          settingKey="hero_background_url"
          // A file of the other kind is cleared by the server on the switch: the field asks for a matching one at once.
          saved={heroUrlProblem(kind, settings.hero_background_url) === null ? settings.hero_background_url : ""}
          label={kind === "video" ? "Background Video URL" : "Background Image URL"}
          uploadLabel={kind === "video" ? "Upload background video" : "Upload background image"}
          folder="hero-backgrounds"
          kind={kind}
        />
      </CardContent>
    </Card>
  );
}
