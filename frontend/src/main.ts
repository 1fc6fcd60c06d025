/** Entry point: read the boot data the Django page rendered and mount the right view. */
import "./style.css";
import { Api } from "./api/client";
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
}

function start(): void {
  const root = document.getElementById("app");
  const data = document.getElementById("editor-boot");
  if (!root || !data) return;
  const boot = JSON.parse(data.textContent ?? "{}") as Boot;
  const api = new Api(boot.api, boot.csrf);
  if (boot.view === "editor" && boot.essayId !== undefined) {
    void mountEditor(root, api, { essayId: boot.essayId, essaysUrl: boot.essaysUrl });
  } else {
    void mountEssays(root, api, { editorUrl: boot.editorUrl });
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
