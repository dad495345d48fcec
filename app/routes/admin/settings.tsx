import { useState } from "react";
import type { Route } from "./+types/settings";
import { requireAdmin } from "~/.server/access";
import { listSettings, updateSetting } from "~/.server/models/settings";
import { getSiteContent } from "~/.server/models/site-chrome";
import { LoadError } from "~/components/admin/load-error";
import { SettingMediaField, SettingSelect, SettingSwitch, SettingTextField } from "~/components/admin/setting-controls";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { DEFAULT_SETTINGS, SETTING_KEYS, type SettingKey, SettingUpdateSchema } from "~/validation/settings";
import { attempt, fail, intentOf, loadFailed, ok, parseForm, readForm } from "./action-helpers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [rows, content] = await Promise.all([listSettings().catch(loadFailed("site settings")), getSiteContent()]);
  const settings: Record<SettingKey, string> = { ...DEFAULT_SETTINGS };
  for (const row of rows ?? []) {
    if ((SETTING_KEYS as readonly string[]).includes(row.setting_key)) settings[row.setting_key as SettingKey] = row.setting_value;
  }
  // The text logo falls back to the company name of the Site Content page.
  return { settings, companyName: content.company.name, loadError: rows === null ? "Failed to fetch site settings" : null };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const failure = { intent: "update", message: "Failed to update setting" };
  if (!form) return fail({ ...failure, detail: "The request was not a form" });
  const intent = intentOf(form) || "update";
  if (intent !== "update") return fail({ intent, message: "Unknown action" });
  const parsed = parseForm(SettingUpdateSchema, form);
  if (!parsed.success) return fail({ ...failure, fieldErrors: parsed.fieldErrors });
  const { key, value } = parsed.data;
  const saved = await attempt({ intent, key }, () => updateSetting(key, value));
  if (!saved.ok) return fail(failure, 500);
  return ok({ intent, name: key, message: "Setting updated successfully" });
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, companyName, loadError } = loaderData;
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
    </>
  );
}

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
          <SettingMediaField settingKey={`${which}_logo_image_url`} saved={settings[`${which}_logo_image_url`]} label={`${name} Logo Image URL`} uploadLabel={`Upload ${which} logo`} folder="logos" />
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
          saved={settings.hero_background_url}
          label={kind === "video" ? "Background Video URL" : "Background Image URL"}
          uploadLabel={kind === "video" ? "Upload background video" : "Upload background image"}
          folder="hero-backgrounds"
          kind={kind}
        />
      </CardContent>
    </Card>
  );
}
