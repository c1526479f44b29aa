#!/usr/bin/env bash
# Installs the real MkDocs stack (MkDocs, Python-Markdown, pymdown-extensions, the Material theme
# and the plugins the corpus sites build with) in a Python venv, and unpacks the corpus: real public
# MkDocs sites as their projects publish them in their source distributions, fetched with pip at
# run time (nothing of them is kept in this repository). Prints the folder holding `venv/` and
# `sites/<name>/` (each with its mkdocs.yml).
#   bash test/peers/mkdocs.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

# The MkDocs stack, pinned (Markdown 3.8.2 and pymdown-extensions 10.16.1 are also corpus sites).
stack=(
  mkdocs==1.6.1
  Markdown==3.8.2
  pymdown-extensions==10.16.1
  mkdocs-material==9.6.14
  mkdocs-material-extensions==1.3.1
  mkdocs-minify-plugin==0.8.0
  mkdocs-git-revision-date-localized-plugin==1.6.3
  mkdocs_pymdownx_material_extras==2.8
  mdx-gh-links==0.4
  mdx-include==1.4.2
  markdown-include-variants==0.0.8
  mkdocs-click==0.9.0
  Pygments==2.21.0
  PyYAML==6.0.4
)
# The corpus: <folder name>=<source distribution>. Each unpacks to a project with mkdocs.yml.
corpus=(
  pymdown-extensions=pymdown-extensions==10.16.1
  python-markdown=Markdown==3.8.2
  wcmatch=wcmatch==10.1
  bracex=bracex==2.6
)

key="$(printf '%s\n' "${stack[@]}" "${corpus[@]}" | sha256sum | cut -c1-10)"
root="${PEERS_DIR}/mkdocs-corpus-${key}"
if [ ! -f "${root}/.complete" ]; then
  progress "installing MkDocs ${stack[0]#*==} and the corpus sites in ${root} (a minute the first time)"
  rm -rf "${root}"
  mkdir -p "${root}/sdists" "${root}/sites"
  python3 -m venv "${root}/venv"
  # The venv's own pip may be too old to build today's build back-ends from source (as the
  # source-distribution download below does): bring pip up to date first.
  "${root}/venv/bin/pip" install --quiet --disable-pip-version-check --upgrade pip >&2
  "${root}/venv/bin/pip" install --quiet --disable-pip-version-check "${stack[@]}" >&2
  for entry in "${corpus[@]}"; do
    name="${entry%%=*}"
    requirement="${entry#*=}"
    "${root}/venv/bin/pip" download --quiet --disable-pip-version-check --no-binary :all: \
      --no-deps --dest "${root}/sdists/${name}" "${requirement}" >&2
    archive="$(ls "${root}/sdists/${name}"/*.tar.gz)"
    mkdir -p "${root}/sites/${name}"
    tar -xzf "${archive}" -C "${root}/sites/${name}" --strip-components=1
    if [ ! -f "${root}/sites/${name}/mkdocs.yml" ]; then
      echo "[peers] ${requirement} has no mkdocs.yml in its source distribution" >&2
      exit 1
    fi
  done
  touch "${root}/.complete"
fi
echo "${root}"
