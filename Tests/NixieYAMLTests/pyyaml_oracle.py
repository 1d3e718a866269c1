"""PyYAML's reading of YAML files, for NixieYAMLTests to compare with NixieYAML's.

Usage: python3 pyyaml_oracle.py MANIFEST.json

MANIFEST is a JSON list of {"path": FILE, "ours": RESULT}, RESULT being {"tree": TREE} or
{"error": [LINE, COLUMN, MESSAGE]}. For each file this prints (one JSON list on stdout)
what PyYAML's pure-Python BaseLoader and, when Python has it, libyaml's CBaseLoader make of
the same bytes, and whether their tree equals ours:

  {"path": FILE,
   "pyyaml": {"tree": TREE} | {"error": MESSAGE, "problem": [L, C] | null, "context": [L, C] | null},
   "pyyamlSameTree": true | false | null,
   "libyaml": ... | null, "libyamlSameTree": ..., "difference": TEXT}

TREE is {"mark": [L, C], "scalar": TEXT, "style": STYLE}, {"mark": ..., "sequence": [TREE...]}
or {"mark": ..., "mapping": [[KEY, VALUE]...]}, marks 1-based. BaseLoader keeps every scalar
as a string, which is NixieYAML's model. Both loaders skip a byte order mark without counting
a column. A reader error (a control character, bad UTF-8) gives a character position, turned
here into a line and column.
"""

import json
import sys

import yaml

STYLES = {None: "plain", "": "plain", "'": "single-quoted", '"': "double-quoted", "|": "literal", ">": "folded"}


def tree(node):
    mark = [node.start_mark.line + 1, node.start_mark.column + 1]
    if isinstance(node, yaml.ScalarNode):
        # A lone surrogate (PyYAML reads "\uD800") cannot travel in JSON: it becomes U+FFFD.
        text = node.value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        return {"mark": mark, "scalar": text, "style": STYLES[node.style]}
    if isinstance(node, yaml.SequenceNode):
        return {"mark": mark, "sequence": [tree(item) for item in node.value]}
    return {"mark": mark, "mapping": [[tree(key), tree(value)] for key, value in node.value]}


def place(data, position):
    """Line and column of the character at `position` of the decoded text."""
    text = data.decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
        position -= 1
    before = text[:position].replace("\r\n", "\n").replace("\r", "\n")
    return [before.count("\n") + 1, len(before.split("\n")[-1]) + 1]


def read(data, loader):
    try:
        root = yaml.compose(data, Loader=loader)
        # Constructing checks what composing does not: keys that cannot be dictionary keys.
        yaml.load(data, Loader=loader)
        return {"tree": tree(root) if root is not None else None}
    except yaml.reader.ReaderError as error:
        return {"error": str(error), "problem": place(data, error.position), "context": None}
    except yaml.MarkedYAMLError as error:
        def mark(m):
            return [m.line + 1, m.column + 1] if m is not None else None
        return {"error": str(error), "problem": mark(error.problem_mark), "context": mark(error.context_mark)}
    except yaml.YAMLError as error:
        return {"error": str(error), "problem": None, "context": None}


def first_difference(ours, theirs, where="root"):
    if type(ours) is not type(theirs):
        return f"{where}: ours {json.dumps(ours)[:120]}, theirs {json.dumps(theirs)[:120]}"
    if isinstance(ours, dict):
        for key in sorted(set(ours) | set(theirs)):
            if ours.get(key) != theirs.get(key):
                return first_difference(ours.get(key), theirs.get(key), f"{where}.{key}")
    if isinstance(ours, list):
        for index, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                return first_difference(a, b, f"{where}[{index}]")
        if len(ours) != len(theirs):
            return f"{where}: {len(ours)} items, theirs {len(theirs)}"
    return f"{where}: ours {json.dumps(ours)[:120]}, theirs {json.dumps(theirs)[:120]}"


def main():
    with open(sys.argv[1], encoding="utf-8") as manifest:
        entries = json.load(manifest)
    c_loader = getattr(yaml, "CBaseLoader", None)
    results = []
    for entry in entries:
        with open(entry["path"], "rb") as file:
            data = file.read()
        ours = entry["ours"]
        result = {"path": entry["path"], "difference": ""}
        for name, loader in (("pyyaml", yaml.BaseLoader), ("libyaml", c_loader)):
            theirs = read(data, loader) if loader is not None else None
            result[name] = theirs
            same = None
            if theirs is not None and "tree" in theirs and "tree" in ours:
                same = theirs["tree"] == ours["tree"]
                if not same and not result["difference"]:
                    result["difference"] = f"{name}: " + first_difference(ours["tree"], theirs["tree"])
            result[name + "SameTree"] = same
        results.append(result)
    json.dump(results, sys.stdout)


main()
