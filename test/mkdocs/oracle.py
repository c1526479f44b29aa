"""The MkDocs oracle: what MkDocs's Markdown (Python-Markdown 3 with the site's markdown_extensions)
makes of each page, summarised so that it can be compared with wiki-publish's storage format.

    python oracle.py render <site folder> <page>...    # pages relative to docs_dir
    python oracle.py storage <file.html>...            # wiki-publish's storage format

Prints one JSON object: {"skipped": [...extensions that cannot load here], "pages": {name: summary}}
(a page Python-Markdown cannot render, e.g. for a missing snippet, has {"error": message}).
A summary holds headings (level and text), heading ids, code blocks (body), code languages,
container titles (admonitions, details, tabs), tables, images, external links and the words.
"""

import json
import os
import re
import sys
from html.parser import HTMLParser

import markdown
import yaml

BUILTIN_EXTENSIONS = ["toc", "tables", "fenced_code"]  # what MkDocs 1.6 always adds
CONTAINER_MACROS = {"info", "tip", "note", "warning", "panel", "expand"}
WORD = re.compile(r"\w{3,}")
SKIPPED_CLASSES = {"headerlink", "linenos", "linenodiv"}
VOID = {"img", "br", "hr", "input", "meta", "link", "source", "wbr", "col", "area", "base", "embed", "param", "track"}


class Summary(HTMLParser):
    """Walks rendered HTML (storage=False) or storage format (storage=True)."""

    def __init__(self, storage):
        super().__init__(convert_charrefs=True)
        self.storage = storage
        self.stack = []  # (tag, attrs, role)
        self.headings, self.ids, self.code, self.languages = [], [], [], []
        self.containers, self.links, self.words = [], set(), []
        self.tables = self.images = 0
        self.capture = None  # (kind, parts)

    def skipping(self):
        return any(role == "skip" for _, _, role in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = set((attrs.get("class") or "").split())
        role = "skip" if classes & SKIPPED_CLASSES or tag in ("script", "style") else None
        if self.storage:
            role = self.storage_start(tag, attrs) or role
        else:
            role = self.html_start(tag, attrs, classes) or role
        if tag in VOID:
            return
        self.stack.append((tag, attrs, role))

    def storage_start(self, tag, attrs):
        if re.fullmatch(r"h[1-6]", tag):
            return self.begin("heading", tag)
        if tag == "table":
            self.tables += 1
        if tag == "ac:image":
            self.images += 1
        if tag == "a" and re.match(r"(https?|mailto):", attrs.get("href", "")):
            self.links.add(attrs["href"])
        if tag == "ac:structured-macro":
            return "macro:" + attrs.get("ac:name", "")
        if tag == "ac:parameter":
            macro = self.nearest_macro()
            name = attrs.get("ac:name")
            if macro == "code" and name == "language":
                return self.begin("language", None)
            if macro == "anchor" and name == "":
                return "id"
            if macro in CONTAINER_MACROS and name == "title":
                return self.begin("container", None) or "skip"
            if macro == "code" and name == "title":
                return None  # a code block's title is text, as MkDocs shows it
            return "skip"
        if tag == "ac:plain-text-body" and self.nearest_macro() == "code":
            return self.begin("code", None)
        return None

    def html_start(self, tag, attrs, classes):
        if re.fullmatch(r"h[1-6]", tag):
            if attrs.get("id"):
                self.ids.append(attrs["id"])
            return self.begin("heading", tag)
        if tag == "table" and not classes & {"highlighttable", "codehilitetable"}:
            self.tables += 1
        if tag == "img" and not any("emoji" in c for c in classes):
            self.images += 1
        if tag == "a" and re.match(r"(https?|mailto):", attrs.get("href", "")):
            self.links.add(attrs["href"])
        if tag == "pre" and not self.skipping():
            language = next((c[len("language-"):] for c in classes if c.startswith("language-")), None)
            for _, parent_attrs, _ in reversed(self.stack):
                parent_classes = (parent_attrs.get("class") or "").split()
                language = language or next(
                    (c[len("language-"):] for c in parent_classes if c.startswith("language-")), None
                )
            return self.begin("code", language)
        if tag == "code" and self.capture and self.capture[0] == "code":
            found = [c[len("language-"):] for c in classes if c.startswith("language-")]
            if found and not self.capture[2]:
                self.capture[2] = found[0]
        if (tag == "p" and "admonition-title" in classes) or tag == "summary":
            return self.begin("container", None)
        if tag == "label" and self.stack and "tabbed-labels" in (self.stack[-1][1].get("class") or ""):
            return self.begin("container", None)
        if tag == "label" and "tabbed-set" in (self.stack[-1][1].get("class") or "" if self.stack else ""):
            return self.begin("container", None)
        return None

    def nearest_macro(self):
        for _, _, role in reversed(self.stack):
            if role and role.startswith("macro:"):
                return role[len("macro:"):]
        return None

    def begin(self, kind, detail):
        if self.capture is None and not self.skipping():
            self.capture = [kind, [], detail, len(self.stack)]
            return "capture"
        return None

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self.stack:
            open_tag, _, role = self.stack.pop()
            if role == "capture":
                self.finish()
            if open_tag == tag:
                break

    def finish(self):
        kind, parts, detail, _ = self.capture
        self.capture = None
        text = "".join(parts)
        if kind == "heading":
            self.headings.append(f"{detail} {' '.join(text.split())}")
        elif kind == "code":
            self.code.append("\n".join(line.rstrip() for line in text.strip("\n").split("\n")))
            if detail:
                self.languages.append(detail)
        elif kind == "language":
            self.languages.append(text.strip())
        elif kind == "container":
            self.containers.append(" ".join(text.split()))

    def handle_data(self, data):
        if self.stack and self.stack[-1][2] == "id":
            self.ids.append(data.strip())
            return
        if self.skipping():
            return
        if self.capture:
            self.capture[1].append(data)
        if not (self.capture and self.capture[0] in ("language", "id")):
            self.words.extend(w.lower() for w in WORD.findall(data))

    def unknown_decl(self, data):  # CDATA sections of the storage format
        if data.startswith("CDATA["):
            self.handle_data(data[len("CDATA["):])

    def result(self):
        return {
            "headings": self.headings,
            "ids": self.ids,
            "code": sorted(self.code),
            "languages": sorted(self.languages),
            "containers": sorted(self.containers),
            "tables": self.tables,
            "images": self.images,
            "links": sorted(self.links),
            "words": sorted(set(self.words)),
        }


def summarise(text, storage):
    parser = Summary(storage)
    parser.feed(text)
    parser.close()
    return parser.result()


def load_config(site):
    class Loader(yaml.UnsafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: None)
    Loader.add_constructor("!relative", lambda loader, node: site)
    with open(os.path.join(site, "mkdocs.yml"), encoding="utf-8") as file:
        return yaml.load(file, Loader=Loader)


def site_markdown(config):
    """The extensions and their settings as MkDocs gives them to Python-Markdown; extensions that
    cannot load here (a module the project keeps outside its source distribution) are skipped."""
    names, configs = list(BUILTIN_EXTENSIONS), {}
    for entry in config.get("markdown_extensions") or []:
        name, settings = (next(iter(entry.items())) if isinstance(entry, dict) else (entry, None))
        if name not in names:
            names.append(name)
        if settings:
            configs[name] = settings
    loadable, skipped = [], []
    for name in names:
        try:
            markdown.Markdown(extensions=[name], extension_configs={name: configs.get(name, {})})
            loadable.append(name)
        except Exception:  # noqa: BLE001 - any failure to load is reported as skipped
            skipped.append(name)
    return loadable, {n: c for n, c in configs.items() if n in loadable}, skipped


def render(site, pages):
    from mkdocs.utils.meta import get_data

    site = os.path.abspath(site)
    os.chdir(site)  # snippets' base_path is relative to where `mkdocs build` runs
    sys.path.insert(0, site)
    config = load_config(site)
    names, configs, skipped = site_markdown(config)
    docs_dir = os.path.join(site, config.get("docs_dir") or "docs")
    summaries = {}
    for page in pages:
        with open(os.path.join(docs_dir, page), encoding="utf-8-sig") as file:
            source, _meta = get_data(file.read())
        try:
            html = markdown.Markdown(extensions=names, extension_configs=configs).convert(source)
        except Exception as error:  # noqa: BLE001 - MkDocs would stop here; the test names it
            summaries[page] = {"error": f"{type(error).__name__}: {error}"}
            continue
        summaries[page] = summarise(html, storage=False)
    return {"skipped": skipped, "pages": summaries}


def main():
    mode, *rest = sys.argv[1:]
    if mode == "render":
        result = render(rest[0], rest[1:])
    else:
        pages = {}
        for name in rest:
            with open(name, encoding="utf-8") as file:
                pages[name] = summarise(file.read(), storage=True)
        result = {"skipped": [], "pages": pages}
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)


main()
