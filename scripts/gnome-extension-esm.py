#!/usr/bin/env python3
"""Writes the GNOME Shell 45+ (ES modules) variant of the forcetouch extension from its one
source, which is written for GNOME 43/44 (legacy `imports`).

    scripts/gnome-extension-esm.py SOURCE_DIR OUT_DIR

SOURCE_DIR is gnome-shell/forcetouch@forcetouch.github.io; OUT_DIR, which must not exist or be
empty, receives the variant (`make gnome-extension` passes $(BUILDDIR)/gnome-shell/45/UUID).
Why a generator: GNOME 45 loads extensions as ES modules and refuses `imports`, GNOME 43 (Debian
12) has no ES-module shell modules: one tree cannot serve both, and two hand-kept trees drift.

Every .js file is rewritten line by line, and only these legacy forms are known
(docs/SPEC.md, "The GNOME Shell extension"):

    const { GLib, Gio } = imports.gi;               import GLib from 'gi://GLib'; import Gio from 'gi://Gio';
    const Main = imports.ui.main;                   import * as Main from 'resource:///org/gnome/shell/ui/main.js';
    const Me = imports.misc.extensionUtils.getCurrentExtension();      (an empty line)
    const { A, B } = Me.imports.fileName;           import { A, B } from './fileName.js';
    var Name = ...   (at the start of a line)       export var Name = ...
    function init() { return new X(); }             (extension.js only) export default class ... extends
                                                    Extension, whose enable/disable call X's
    function init() {}                              (prefs.js only) an empty line, and at its end a
                                                    default export extending ExtensionPreferences
                                                    whose fillPreferencesWindow calls the file's

A line keeps its number (the gi imports share one line; only extension.js's init() grows), so
an error GNOME 45 reports points at the source's line. Any other use of `imports` or of `Me` (outside a line that starts a
comment) is refused: the generator prints FILE:LINE: WHAT for each, writes nothing and exits
1, so that a new file cannot break the 45 variant unseen. metadata.json's shell-version
becomes SHELL_VERSIONS; every other file is copied as it is.
"""
import json
import os
import re
import shutil
import sys

SHELL_VERSIONS = ["45", "46", "47", "48"]
ENTRY = "extension.js"
PREFS = "prefs.js"
NAME = r"[A-Za-z_$][\w$]*"
NAMES = rf"\{{\s*({NAME}(?:\s*,\s*{NAME})*)\s*,?\s*\}}"

GI = re.compile(rf"^const\s+{NAMES}\s*=\s*imports\.gi\s*;\s*$")
UI = re.compile(rf"^const\s+({NAME})\s*=\s*imports\.ui\.({NAME})\s*;\s*$")
ME = re.compile(r"^const\s+Me\s*=\s*imports\.misc\.extensionUtils\.getCurrentExtension\(\)\s*;\s*$")
SIBLING = re.compile(rf"^const\s+{NAMES}\s*=\s*Me\.imports\.({NAME})\s*;\s*$")
EXPORTED = re.compile(rf"^var\s+({NAME})(\s*[=;].*)$")
VAR_OTHER = re.compile(r"^var\b")
INIT_ONE_LINE = re.compile(rf"^function\s+init\s*\(\s*({NAME})?\s*\)\s*\{{\s*return\s+new\s+({NAME})\s*\(\s*({NAME})?\s*\)\s*;?\s*\}}\s*$")
INIT_OPEN = re.compile(rf"^function\s+init\s*\(\s*({NAME})?\s*\)\s*\{{\s*$")
INIT_RETURN = re.compile(rf"^\s+return\s+new\s+({NAME})\s*\(\s*({NAME})?\s*\)\s*;\s*$")
INIT_CLOSE = re.compile(r"^\}\s*$")
PREFS_INIT = re.compile(r"^function\s+init\s*\(\s*\)\s*\{\s*\}\s*$")
PREFS_FILL = re.compile(r"^function\s+fillPreferencesWindow\s*\(")
PREFS_CLASS = [
    "",
    "import { ExtensionPreferences } from 'resource:///org/gnome/Shell/Extensions/js/extensions/prefs.js';",
    "",
    "export default class ForcetouchPreferences extends ExtensionPreferences {",
    "    fillPreferencesWindow(window) {",
    "        fillPreferencesWindow(window);",
    "    }",
    "}",
]
IMPORTS = re.compile(r"\bimports\b")
ME_USE = re.compile(r"(?<![\w$.])Me\b")
SHELL_VERSION = re.compile(r'("shell-version"\s*:\s*)\[[^\]]*\]')
COMMENT = re.compile(r"^\s*(//|/\*|\*)")


class Refusal(Exception):
    """A line the generator does not know how to carry into an ES module."""


def entry_class(argument, constructed, passed):
    """The ES-module default export that stands for legacy init(argument) { return new
    constructed(passed); }: the object is made once, as GNOME 43 makes it once, and GNOME 45's
    Extension (which carries uuid, path, dir and metadata, as init's argument did) is passed
    where init passed its argument."""
    if passed and passed != argument:
        raise Refusal(f"init() passes {passed} to {constructed}, which is not its argument")
    made = f"new {constructed}({'this' if passed else ''})"
    return [
        "import { Extension } from 'resource:///org/gnome/shell/extensions/extension.js';",
        "",
        "export default class ForcetouchShellExtension extends Extension {",
        "    constructor(metadata) {",
        "        super(metadata);",
        f"        this._extension = {made};",
        "    }",
        "",
        "    enable() {",
        "        this._extension.enable();",
        "    }",
        "",
        "    disable() {",
        "        this._extension.disable();",
        "    }",
        "}",
    ]


def rewrite(path, relative, siblings):
    """The ES-module text of one legacy .js file; raises Refusal with every bad line."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    is_entry = relative == ENTRY
    is_prefs = relative == PREFS
    out, errors, init_seen = [], [], False
    i = 0
    while i < len(lines):
        line, number = lines[i], i + 1
        i += 1

        def refuse(what):
            errors.append(f"{path}:{number}: {what}")

        if m := GI.match(line):
            names = [n.strip() for n in m.group(1).split(",")]
            out.append(" ".join(f"import {n} from 'gi://{n}';" for n in names))
            continue
        if m := UI.match(line):
            out.append(f"import * as {m.group(1)} from 'resource:///org/gnome/shell/ui/{m.group(2)}.js';")
            continue
        if ME.match(line):
            out.append("")
            continue
        if m := SIBLING.match(line):
            module = m.group(2)
            if module not in siblings:
                refuse(f"Me.imports.{module}: no {module}.js beside it")
            names = ", ".join(n.strip() for n in m.group(1).split(","))
            out.append(f"import {{ {names} }} from './{module}.js';")
            continue
        if m := EXPORTED.match(line):
            out.append(f"export var {m.group(1)}{m.group(2)}")
            continue
        if is_entry and (m := INIT_ONE_LINE.match(line)):
            try:
                out.extend(entry_class(m.group(1), m.group(2), m.group(3)))
            except Refusal as e:
                refuse(str(e))
            init_seen = True
            continue
        if is_entry and (m := INIT_OPEN.match(line)):
            body = lines[i:i + 2]
            ret = INIT_RETURN.match(body[0]) if body else None
            if ret and len(body) == 2 and INIT_CLOSE.match(body[1]):
                try:
                    out.extend(entry_class(m.group(1), ret.group(1), ret.group(2)))
                except Refusal as e:
                    refuse(str(e))
                init_seen = True
                i += 2
                continue
            refuse("init() is not `function init() { return new X(); }` (on one line or three)")
            continue
        if is_prefs and PREFS_INIT.match(line):
            out.append("")
            continue
        if COMMENT.match(line):
            out.append(line)
            continue
        if m := IMPORTS.search(line):
            refuse(f"unknown use of imports: `{line.strip()}`")
        elif ME_USE.search(line):
            refuse(f"Me is not defined in the ES-module variant: `{line.strip()}`")
        elif VAR_OTHER.match(line):
            refuse(f"a top-level var that is not `var Name = …`: `{line.strip()}`")
        out.append(line)
    if is_entry and not init_seen:
        errors.append(f"{path}:1: no `function init() {{ return new X(); }}`: GNOME 45 needs a default export")
    if is_prefs:
        if not any(PREFS_FILL.match(line) for line in lines):
            errors.append(f"{path}:1: no `function fillPreferencesWindow(window)`: GNOME 45 needs a default export")
        # After the last line: every line above keeps its number.
        while out and out[-1] == "":
            out.pop()
        out.extend(PREFS_CLASS + [""])
    if errors:
        raise Refusal("\n".join(errors))
    return "\n".join(out)


def metadata(path):
    """metadata.json with its shell-version list replaced in place: the rest keeps its text."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    versions = "[" + ", ".join(f'"{v}"' for v in SHELL_VERSIONS) + "]"
    rewritten, count = SHELL_VERSION.subn(lambda m: m.group(1) + versions, text)
    if count != 1:
        raise Refusal(f"{path}:1: {count} \"shell-version\" keys, not one")
    try:
        data = json.loads(rewritten)
    except json.JSONDecodeError as e:
        raise Refusal(f"{path}:{e.lineno}: not JSON: {e.msg}")
    if data.get("shell-version") != SHELL_VERSIONS:
        raise Refusal(f"{path}:1: shell-version is not a top-level key")
    return rewritten


def main(argv):
    if len(argv) != 3:
        print("usage: gnome-extension-esm.py SOURCE_DIR OUT_DIR", file=sys.stderr)
        return 2
    source, target = argv[1], argv[2]
    if not os.path.isfile(os.path.join(source, ENTRY)):
        print(f"{source}: no {ENTRY}: not an extension's folder", file=sys.stderr)
        return 1
    if os.path.exists(target) and (not os.path.isdir(target) or os.listdir(target)):
        print(f"{target}: exists and is not an empty directory: remove it first", file=sys.stderr)
        return 1
    files = []
    for folder, dirs, names in os.walk(source):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(folder, name)
            files.append((full, os.path.relpath(full, source)))
    siblings = {rel[:-3] for _, rel in files if rel.endswith(".js") and "/" not in rel}
    written, errors = {}, []
    for full, rel in files:
        try:
            if rel.endswith(".js"):
                written[rel] = rewrite(full, rel, siblings)
            elif rel == "metadata.json":
                written[rel] = metadata(full)
        except Refusal as e:
            errors.append(str(e))
    if errors:
        for e in errors:
            print(e, file=sys.stderr)
        print(f"gnome-extension-esm: {target} not written. The legacy forms it knows: "
              "`const { A, B } = imports.gi;`, `const X = imports.ui.NAME;`, "
              "`const Me = imports.misc.extensionUtils.getCurrentExtension();`, "
              "`const { A, B } = Me.imports.NAME;`, `var Name = …` and, in extension.js, "
              "`function init() { return new X(); }`", file=sys.stderr)
        return 1
    for full, rel in files:
        out = os.path.join(target, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        if rel in written:
            with open(out, "w", encoding="utf-8") as f:
                f.write(written[rel])
            shutil.copymode(full, out)
        else:
            shutil.copy2(full, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
