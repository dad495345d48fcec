import { Icon } from "~/components/site/icon";
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
  if (view.kind === "empty") {
    return (
      <EmptyState
        icon={<Icon name="folder-kanban" />}
        title="Projects Coming Soon"
        text="We're working on showcasing our latest projects. Check back soon!"
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
  return (
    <FadeIn as="section" id="projects" aria-labelledby="projects-title" className="projects">
      <div className="wrap">
        <SectionHeading
          id="projects-title"
          eyebrow="Our Work"
          title="Featured Projects"
          description="Homes, resorts, public buildings and marine works delivered across the atolls. A selection of what we have built and are building now."
        />
        {projects instanceof Promise ? (
          <Suspense fallback={<CardGridSkeleton label="Loading projects" />}>
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
              View All Projects
              <Icon name="arrow-right" />
            </SectionLink>
            <p id="projects-ask-note">Ask us for the complete list, with references</p>
          </div>
          <div className="projects-more-item">
            <a href="/projects" className="btn" aria-describedby="projects-portfolio-note">
              Browse the portfolio
            </a>
            <p id="projects-portfolio-note">Every project on this site, with photos</p>
          </div>
        </div>
      </div>
    </FadeIn>
  );
}
