/** Entry point: read the boot data the Django page rendered and mount the right view. */
import "./style.css";
import { Api } from "./api/client";
import { mountDabEditor } from "./dab/view";
import { mountEditor } from "./views/editor";
import { mountEssays } from "./views/essays";

interface Boot {
  view: "essays" | "editor";
  api: string;
  csrf: string;
  user: { id: number; username: string };
  essaysUrl: string;
  editorUrl: string;
  essayId?: number;
  /** The project's scheme picks the editor mode (`dab`: the four steps of the Danish guide). */
  scheme?: string;
}

function start(): void {
  const root = document.getElementById("app");
  const data = document.getElementById("editor-boot");
  if (!root || !data) return;
  const boot = JSON.parse(data.textContent ?? "{}") as Boot;
  const api = new Api(boot.api, boot.csrf);
  if (boot.view === "editor" && boot.essayId !== undefined && boot.scheme === "dab") {
    void mountDabEditor(root, api, { essayId: boot.essayId, essaysUrl: boot.essaysUrl, apiBase: boot.api });
  } else if (boot.view === "editor" && boot.essayId !== undefined) {
    void mountEditor(root, api, { essayId: boot.essayId, essaysUrl: boot.essaysUrl });
  } else {
    void mountEssays(root, api, { editorUrl: boot.editorUrl });
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
