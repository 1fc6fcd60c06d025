/**
 * Typed functions over the REST API of docs/ARCHITECTURE.md ("Web API"). Session auth: every
 * unsafe request carries the CSRF token the page was rendered with.
 */
import type { Decision } from "../editor/decisions";
import type { Graph } from "../graph/graph";
import type { Taxonomy } from "../graph/taxonomy";

export interface EssaySummary {
  id: number;
  external_id: string;
  project: number;
  status: string;
  level: string | null;
  genre: string | null;
  topic: string | null;
  current_version: number | null;
  label_count: number;
  open_obs_count: number;
  assignees: string[];
  updated_at: string;
}

export interface VersionInfo {
  number: number;
  graph: Graph;
  origin?: string;
  author?: string | null;
  created_at?: string;
}

export interface EssayDetail extends EssaySummary {
  metadata: Record<string, unknown>;
  read_only: boolean;
  /** Why a lead returned the essay to annotation (empty otherwise). */
  return_message?: string;
  current: VersionInfo | null;
}

export interface ProjectInfo {
  id: number;
  name: string;
  scheme: string;
  settings: {
    swedish_city_strategy?: string;
    enabled_optional_labels?: string[];
    disabled_labels?: string[];
    [key: string]: unknown;
  };
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface ServerIssue {
  level?: string;
  code?: string;
  message: string;
  edge_id?: string | null;
}

/** An HTTP error with its status and parsed body. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The network is gone (fetch itself failed): the editor shows "offline" and retries. */
export class OfflineError extends Error {}

export class Api {
  constructor(
    private base: string,
    private csrf: string,
  ) {}

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (method !== "GET") headers["X-CSRFToken"] = this.csrf;
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        credentials: "same-origin",
        body: body === undefined ? null : JSON.stringify(body),
      });
    } catch (e) {
      throw new OfflineError(String(e));
    }
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = { detail: text.slice(0, 500) };
      }
    }
    if (!res.ok) throw new ApiError(res.status, data);
    return data as T;
  }

  taxonomy(scheme = "swell"): Promise<Taxonomy> {
    return this.request("GET", `taxonomy/?scheme=${encodeURIComponent(scheme)}`);
  }

  /** All pages of the essays matching `params` (the list is per annotator, so it stays small). */
  async essays(params: Record<string, string>): Promise<EssaySummary[]> {
    const q = new URLSearchParams(params).toString();
    let page = await this.request<Page<EssaySummary> | EssaySummary[]>("GET", `essays/?${q}`);
    if (Array.isArray(page)) return page;
    const out = [...page.results];
    let guard = 0;
    while (page.next && guard++ < 100) {
      const url = new URL(page.next, window.location.href);
      const rel = url.pathname.replace(/^.*\/api\//, "") + url.search;
      page = await this.request<Page<EssaySummary>>("GET", rel);
      out.push(...page.results);
    }
    return out;
  }

  project(id: number): Promise<ProjectInfo> {
    return this.request("GET", `projects/${id}/`);
  }

  essay(id: number): Promise<EssayDetail> {
    return this.request("GET", `essays/${id}/`);
  }

  saveVersion(id: number, baseVersion: number | null, graph: Graph): Promise<VersionInfo> {
    return this.request("POST", `essays/${id}/versions/`, { base_version: baseVersion, graph });
  }

  submit(id: number): Promise<{ status: string; warnings: ServerIssue[] }> {
    return this.request("POST", `essays/${id}/submit/`, {});
  }

  /** The leads' decisions on the essay's sensitive marks (shown on the marks). */
  decisions(id: number): Promise<Decision[]> {
    return this.request("GET", `essays/${id}/decisions/`);
  }

  /** The dab editor's step (0–3) this user last showed for the essay (null: none yet). */
  dabStep(id: number): Promise<{ step: number | null }> {
    return this.request("GET", `essays/${id}/dab/step/`);
  }

  setDabStep(id: number, step: number): Promise<{ step: number }> {
    return this.request("PUT", `essays/${id}/dab/step/`, { step });
  }

  pseudonyms(id: number, graph: Graph, reroll: boolean): Promise<{ graph: Graph }> {
    return this.request("POST", `essays/${id}/pseudonyms/`, { graph, reroll });
  }
}

/** The current version carried by a 409 body (`{detail, current: {number, graph, …}}`). */
export function conflictVersion(body: unknown): VersionInfo | null {
  if (body && typeof body === "object" && "current" in body) {
    const cur = (body as { current: unknown }).current;
    if (cur && typeof cur === "object" && "number" in cur && "graph" in cur) return cur as VersionInfo;
  }
  return null;
}

/** Error messages of a 400 body (`{errors: [...]}` or DRF field errors). */
export function errorMessages(body: unknown): string[] {
  if (!body || typeof body !== "object") return [String(body)];
  const b = body as Record<string, unknown>;
  const list = (b.errors ?? b.detail ?? b) as unknown;
  if (Array.isArray(list)) {
    return list.map((x) => (typeof x === "string" ? x : (x as ServerIssue).message ?? JSON.stringify(x)));
  }
  if (typeof list === "string") return [list];
  return Object.entries(list as Record<string, unknown>).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
}
