import { Icon } from "~/components/site/icon";
import { localizedPath } from "~/i18n/language";
import { useLanguage, useMessages } from "~/i18n/messages";
import { Suspense } from "react";
import { Await } from "react-router";
import { SAMPLE_PROJECTS } from "~/content/site-content";
import type { ProjectSummary } from "~/content/types";
import { chooseListView, type ListResult } from "~/lib/public-lists";
import { CardGrid, CardGridSkeleton, EmptyState, ProjectCard } from "./cards";
import { FadeIn } from "./fade-in";
import { SectionHeading } from "./section-heading";
import { SectionLink } from "./section-link";

const FAILED: ListResult<ProjectSummary> = { items: [], failed: true };

function ProjectsList({ result, showSampleContent }: { result: ListResult<ProjectSummary>; showSampleContent: string }) {
  const view = chooseListView(result, showSampleContent, SAMPLE_PROJECTS);
  const m = useMessages();
  if (view.kind === "empty") {
    return (
      <EmptyState
        icon={<Icon name="folder-kanban" />}
        title={m.projectsEmptyTitle}
        text={m.projectsEmptyText}
      />
    );
  }
  return (
    <CardGrid>
      {view.items.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </CardGrid>
  );
}

/** docs/product.md#projects-section: up to 6 public projects, featured first then newest; same loading and fallbacks as services. */
export function ProjectsSection({
  projects,
  showSampleContent,
}: {
  projects: ListResult<ProjectSummary> | Promise<ListResult<ProjectSummary>>;
  showSampleContent: string;
}) {
  const m = useMessages();
  return (
    <FadeIn as="section" id="projects" aria-labelledby="projects-title" className="projects">
      <div className="wrap">
        <SectionHeading
          id="projects-title"
          eyebrow={m.projectsEyebrow}
          title={m.projectsTitle}
          description={m.projectsIntro}
        />
        {projects instanceof Promise ? (
          <Suspense fallback={<CardGridSkeleton label={m.projectsLoading} />}>
            <Await resolve={projects} errorElement={<ProjectsList result={FAILED} showSampleContent={showSampleContent} />}>
              {(result) => <ProjectsList result={result} showSampleContent={showSampleContent} />}
            </Await>
          </Suspense>
        ) : (
          // Ready: rendered in place, not in a Suspense boundary (React outlines large boundaries
          // into a hidden segment swapped in by script, which needs JavaScript to be seen).
          <ProjectsList result={projects} showSampleContent={showSampleContent} />
        )}
        {/* docs/product.md#portfolio-page: the spec's button asks the company for its full list (it goes to contact);
            the portfolio beside it is every project this site shows. Each says which it is under its label. */}
        <div className="projects-more">
          <div className="projects-more-item">
            <SectionLink section="contact" className="btn" aria-describedby="projects-ask-note">
              {m.viewAllProjects}
              <Icon name="arrow-right" />
            </SectionLink>
            <p id="projects-ask-note">{m.viewAllProjectsNote}</p>
          </div>
          <div className="projects-more-item">
            <a href={localizedPath(useLanguage(), "/projects")} className="btn" aria-describedby="projects-portfolio-note">
              {m.browsePortfolio}
            </a>
            <p id="projects-portfolio-note">{m.browsePortfolioNote}</p>
          </div>
        </div>
      </div>
    </FadeIn>
  );
}
