/** A readable, dependency-free API reference rendered on the server from the OpenAPI document. */
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name?: string; in?: string; required?: boolean; schema?: unknown; $ref?: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
};

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

function schemaBlock(schema: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const params = (operation.parameters ?? []).filter((p) => !p.$ref);
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name ?? "")}</code></td><td>${p.in}</td><td>${p.required ? "yes" : ""}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join("");
  const body = operation.requestBody?.content["application/json"]?.schema;
  const responses = Object.entries(operation.responses)
    .map(([status, r]) => {
      const schema = r.content?.["application/json"]?.schema;
      const shown =
        schema && !(schema as { $ref?: string }).$ref
          ? `<details><summary>schema</summary>${schemaBlock(schema)}</details>`
          : "";
      return `<li><b>${status}</b> ${escapeHtml(r.description)}${shown}</li>`;
    })
    .join("");
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");
  return `<section class="op" id="${id}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${operation.security?.length === 0 ? ' <span class="pub">public</span>' : ""}</h3>
<p>${escapeHtml(operation.summary ?? "")}</p>${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ""}
${rows ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${rows}</table>` : ""}
${body ? `<h4>Request body</h4>${schemaBlock(body)}` : ""}
<h4>Responses</h4><ul>${responses}</ul></section>`;
}

export function renderReferencePage(document: Record<string, unknown>): string {
  const info = document.info as { title: string; version: string; description: string };
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");
      toc.set(tag, [
        ...(toc.get(tag) ?? []),
        `<li><a href="#${id}"><span class="m ${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a></li>`,
      ]);
    }
  }
  const nav = [...toc].map(([tag, items]) => `<h4>${escapeHtml(tag)}</h4><ul>${items.join("")}</ul>`).join("");
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join("")}`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} — API reference</title><style>
body{font-family:system-ui,sans-serif;margin:0;display:flex;color:#1a1b1e}nav{width:320px;height:100vh;overflow:auto;position:sticky;top:0;background:#f8f9fa;padding:16px;box-sizing:border-box;font-size:13px}
nav ul{list-style:none;padding:0;margin:0 0 12px}nav a{color:inherit;text-decoration:none;display:block;padding:2px 0}main{flex:1;padding:24px 40px;max-width:1000px}
.m{display:inline-block;min-width:52px;font-weight:700;font-size:11px;padding:2px 6px;border-radius:4px;color:#fff;text-align:center}.get{background:#2f9e44}.post{background:#1971c2}.put{background:#e8590c}.delete{background:#e03131}.patch{background:#9c36b5}
.op{border-top:1px solid #dee2e6;padding:12px 0}pre{background:#f1f3f5;padding:10px;overflow:auto;font-size:12px;border-radius:6px}table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #dee2e6;padding:4px 8px;text-align:left}.pub{font-size:11px;color:#2f9e44;border:1px solid #2f9e44;border-radius:4px;padding:1px 4px}
</style></head><body><nav><b>${escapeHtml(info.title)} ${escapeHtml(info.version)}</b><p><a href="/api/v1/openapi.json">openapi.json</a></p>${nav}</nav>
<main><h1>${escapeHtml(info.title)} API reference</h1><p>${escapeHtml(info.description)}</p>${sections}</main></body></html>`;
}
