#!/usr/bin/env python3
"""Makes the GNOME 45+ (ES-module) variant of the extension loadable by Debian 12's gjs, which
has no ES-module GNOME Shell: a test-only stand-in, never shipped.

    stub-shell.py VARIANT_DIR OUT_DIR

Copies VARIANT_DIR to OUT_DIR/extension, where only the `resource:///org/gnome/shell/PATH.js`
URLs change, to `file://OUT_DIR/shell/PATH.js`; then writes one stub module per URL the
extension imports. A stub exports every name the extension reads from it (`Main.layoutManager`
for `import * as Main`, `{ A }` for a named import) as an inert value (shell/inert.js: any
property, call or `new` of it gives another inert value; a capitalised name, a class, is an
actor class of its own that a module may subclass at its top level), except extensions/extension.js's
`Extension`, a class that keeps what GNOME 45 gives an extension (metadata, uuid, path, dir).
So the extension's modules link and evaluate as they would in GNOME 45, with gjs's own GI
(gi://St, gi://Meta… from GNOME 43's typelibs); nothing of the shell runs.
"""
import os
import re
import shutil
import sys

SHELL = "resource:///org/gnome/shell/"
URL = re.compile(r"""(['"])resource:///org/gnome/shell/([\w/.-]+\.js)\1""")
NAMESPACE = re.compile(r"""^\s*import\s+\*\s+as\s+([\w$]+)\s+from\s+(['"])resource:///org/gnome/shell/([\w/.-]+\.js)\2""", re.M)
NAMED = re.compile(r"""^\s*import\s*\{([^}]*)\}\s*from\s+(['"])resource:///org/gnome/shell/([\w/.-]+\.js)\2""", re.M)
DEFAULT = re.compile(r"""^\s*import\s+([\w$]+)\s+from\s+(['"])resource:///org/gnome/shell/([\w/.-]+\.js)\2""", re.M)

INERT = """// Test-only: a value any use of which gives another inert value (stub-shell.py).
import GObject from 'gi://GObject';
import St from 'gi://St';

const cache = new Map();
export function inert(name) {
    if (cache.has(name))
        return cache.get(name);
    const target = function () {};
    const value = new Proxy(target, {
        get(_t, key) {
            if (key === Symbol.toPrimitive)
                return () => `[inert ${name}]`;
            if (key === 'then' || typeof key === 'symbol')
                return undefined;
            if (key === 'prototype')
                return target.prototype;
            return inert(`${name}.${String(key)}`);
        },
        set() {
            return true;
        },
        apply() {
            return inert(`${name}()`);
        },
        construct() {
            return inert(`new ${name}`);
        },
    });
    cache.set(name, value);
    return value;
}

// A shell class (a capitalised name): an actor class of its own, so that a module may subclass
// it with GObject.registerClass at its top level, as it would the shell's; any other property
// of it is inert.
export function inertClass(name) {
    const klass = GObject.registerClass({ GTypeName: `ForcetouchStub_${name.replace(/\\W/g, '_')}` },
        class extends St.Widget {});
    return new Proxy(klass, {
        get(target, key, receiver) {
            if (key in target || typeof key === 'symbol')
                return Reflect.get(target, key, receiver);
            return inert(`${name}.${String(key)}`);
        },
    });
}
"""

EXTENSION = """// Test-only: GNOME 45's Extension base class as far as an extension sees it at construction.
import { inert } from '../inert.js';
export class Extension {
    constructor(metadata) {
        this.metadata = metadata;
        this.uuid = metadata.uuid;
        this.path = metadata.path;
        this.dir = inert('Extension.dir');
    }

    getSettings() {
        return inert('Extension.getSettings()');
    }
}
"""


def main(argv):
    if len(argv) != 3:
        print("usage: stub-shell.py VARIANT_DIR OUT_DIR", file=sys.stderr)
        return 2
    variant, out = argv[1], os.path.abspath(argv[2])
    extension, shell = os.path.join(out, "extension"), os.path.join(out, "shell")
    shutil.copytree(variant, extension)
    used = {}  # module path -> names read from it
    for folder, _, names in os.walk(extension):
        for name in names:
            if not name.endswith(".js"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for m in NAMESPACE.finditer(text):
                members = set(re.findall(rf"(?<![\w$.]){re.escape(m.group(1))}\.([\w$]+)", text))
                used.setdefault(m.group(3), set()).update(members)
            for m in NAMED.finditer(text):
                members = {part.split(" as ")[0].strip() for part in m.group(1).split(",") if part.strip()}
                used.setdefault(m.group(3), set()).update(members)
            for m in DEFAULT.finditer(text):
                used.setdefault(m.group(3), set()).add("default")
            for m in URL.finditer(text):
                used.setdefault(m.group(2), set())
            with open(path, "w", encoding="utf-8") as f:
                f.write(URL.sub(lambda m: f"{m.group(1)}file://{shell}/{m.group(2)}{m.group(1)}", text))
    os.makedirs(shell, exist_ok=True)
    with open(os.path.join(shell, "inert.js"), "w", encoding="utf-8") as f:
        f.write(INERT)
    for module, members in sorted(used.items()):
        path = os.path.join(shell, module)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        depth = "../" * module.count("/")
        if module == "extensions/extension.js":
            text = EXTENSION
            members = members - {"Extension"}
        else:
            text = f"// Test-only stand-in for {SHELL}{module} (stub-shell.py).\nimport {{ inert, inertClass }} from '{depth}inert.js';\n"
        for member in sorted(members):
            if member == "default":
                text += f"export default inert('{module}');\n"
            elif member[0].isupper():
                text += f"export const {member} = inertClass('{module}.{member}');\n"
            else:
                text += f"export const {member} = inert('{module}.{member}');\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"stub: {SHELL}{module}: {', '.join(sorted(members)) or '(no names)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
