#!/usr/bin/env python3
"""Reports each function in Sources/**/*.swift whose closures nest more than two deep.

Only closure braces count: the bodies of if, guard, for, while, switch, do, catch, defer,
repeat and else, and of declarations (func, init, deinit, subscript, types, computed
properties, get/set/willSet/didSet) do not. Strings (plain, multi-line, raw), comments and
#if lines are skipped; trailing closures count. A closure inside a string interpolation is
not seen (the interpolation is skipped with its string). A closure in a stored property's
initialiser is counted for that property; one at top level for "<top level>".

usage: scripts/check-closure-nesting.py [--self-test] [--max N] [ROOT ...]   (default: Sources, N 2)
Prints file:line: name: depth for each offender and exits 1 if there is any."""

import os
import sys

CONTROL = {"if", "guard", "for", "while", "switch", "do", "catch", "defer", "repeat", "else"}
DECLARATIONS = {"func", "init", "deinit", "subscript", "struct", "class", "enum", "extension", "protocol",
                "actor", "precedencegroup"}
TYPES = {"struct", "class", "enum", "extension", "protocol", "actor", "precedencegroup"}
ACCESSORS = {"get", "set", "willSet", "didSet", "_read", "_modify"}
# Operators after which a `{` cannot open a body: it is a closure. `?`, `!` and `>` end types.
NOT_CLOSURE_OPERATORS = {"?", "!", ">", ">>"}
OPERATOR_CHARACTERS = set("/=-+!*%<>&|^~?.")


class Token:
    __slots__ = ("kind", "text", "line")

    def __init__(self, kind, text, line):
        self.kind, self.text, self.line = kind, text, line

    def __repr__(self):
        return f"{self.kind}:{self.text!r}@{self.line}"


def skip_comment(source, i):
    """Index past the comment starting at i (`//` or nested `/* */`)."""
    if source.startswith("//", i):
        end = source.find("\n", i)
        return len(source) if end < 0 else end
    depth, i = 1, i + 2
    while i < len(source) and depth:
        if source.startswith("/*", i):
            depth, i = depth + 1, i + 2
        elif source.startswith("*/", i):
            depth, i = depth - 1, i + 2
        else:
            i += 1
    return i


def skip_interpolation(source, i):
    """Index past the `)` closing an interpolation whose `(` is just before i."""
    depth = 1
    while i < len(source):
        c = source[i]
        if source.startswith("//", i) or source.startswith("/*", i):
            i = skip_comment(source, i)
        elif c == '"' or (c == "#" and string_start(source, i)):
            i = skip_string(source, i)
        elif c == "(":
            depth, i = depth + 1, i + 1
        elif c == ")":
            depth -= 1
            i += 1
            if depth == 0:
                return i
        else:
            i += 1
    return i


def string_start(source, i):
    """Whether a string literal (maybe raw: #"…"#) starts at i."""
    j = i
    while j < len(source) and source[j] == "#":
        j += 1
    return j < len(source) and source[j] == '"'


def skip_string(source, i):
    """Index past the string literal starting at i: plain, multi-line, raw, with interpolations."""
    hashes = 0
    while source[i] == "#":
        hashes, i = hashes + 1, i + 1
    multiline = source.startswith('"""', i)
    i += 3 if multiline else 1
    closing = ('"""' if multiline else '"') + "#" * hashes
    escape = "\\" + "#" * hashes
    while i < len(source):
        if source.startswith(escape, i):
            i += len(escape)
            if i < len(source) and source[i] == "(":
                i = skip_interpolation(source, i + 1)
            else:
                i += 1
        elif source.startswith(closing, i):
            return i + len(closing)
        elif source[i] == "\n" and not multiline:
            return i
        else:
            i += 1
    return i


def tokenize(source):
    tokens, i, line = [], 0, 1
    at_line_start = True
    while i < len(source):
        c = source[i]
        if c == "\n":
            tokens.append(Token("newline", "\n", line))
            line, i, at_line_start = line + 1, i + 1, True
            continue
        if c in " \t\r":
            i += 1
            continue
        if at_line_start and c == "#" and not string_start(source, i):
            # A compiler directive (#if, #else, #endif, #warning…): the rest of its line.
            end = source.find("\n", i)
            i = len(source) if end < 0 else end
            continue
        at_line_start = False
        start = i
        if source.startswith("//", i) or source.startswith("/*", i):
            i = skip_comment(source, i)
        elif c == '"' or (c == "#" and string_start(source, i)):
            i = skip_string(source, i)
            tokens.append(Token("string", '""', line))
        elif c.isalnum() or c == "_" or c == "$":
            while i < len(source) and (source[i].isalnum() or source[i] in "_$"):
                i += 1
            tokens.append(Token("word", source[start:i], line))
        elif c == "`":
            end = source.find("`", i + 1)
            i = len(source) if end < 0 else end + 1
            tokens.append(Token("name", source[start + 1:i - 1], line))
        elif c in OPERATOR_CHARACTERS:
            while i < len(source) and source[i] in OPERATOR_CHARACTERS:
                i += 1
            tokens.append(Token("operator", source[start:i], line))
        else:
            i += 1
            tokens.append(Token("punctuation", c, line))
        line += source.count("\n", start, i)
    return tokens


class Owner:
    """A function (or property, or top level) whose closures are counted."""

    def __init__(self, name, line):
        self.name, self.line, self.depth, self.deepest_line = name, line, 0, line


class Frame:
    """One open brace: its kind, the closure depth inside it, whose closures those are, and the
    header (a keyword) waiting for the next body brace at this level."""

    def __init__(self, kind, depth, owner, keyword=None):
        self.kind, self.depth, self.owner, self.keyword = kind, depth, owner, keyword
        self.pending = None  # (keyword, name, parenthesis depth, saw "=")
        self.parentheses = 0
        self.after_repeat = False
        self.name = None  # the property or function whose accessors open in this frame


def is_keyword(tokens, index):
    """A word that is a keyword here: not a member (`.init`), not in backticks."""
    token = tokens[index]
    if token.kind != "word":
        return False
    previous = previous_token(tokens, index)
    return previous is None or not (previous.kind == "operator" and previous.text.endswith("."))


def previous_token(tokens, index):
    index -= 1
    while index >= 0 and tokens[index].kind == "newline":
        index -= 1
    return tokens[index] if index >= 0 else None


def next_token(tokens, index):
    index += 1
    while index < len(tokens) and tokens[index].kind == "newline":
        index += 1
    return tokens[index] if index < len(tokens) else None


def opens_initialiser(tokens, index):
    following = next_token(tokens, index)
    return following is not None and following.text in ("(", "?", "!", "<")


def declared_name(tokens, index):
    """The name after a declaring keyword (`func name`, `var name`), or the keyword itself."""
    keyword = tokens[index].text
    if keyword in ("init", "deinit", "subscript"):
        return keyword
    following = next_token(tokens, index)
    if following is not None and following.kind in ("word", "name", "operator"):
        return following.text
    return keyword


def accessor_before(tokens, index):
    """Whether the `{` at index opens an accessor: get {, set(value) {, didSet {, _modify {."""
    j = index - 1
    while j >= 0 and tokens[j].kind == "newline":
        j -= 1
    if j >= 0 and tokens[j].text == ")":
        depth = 0
        while j >= 0:
            if tokens[j].text == ")":
                depth += 1
            elif tokens[j].text == "(":
                depth -= 1
                if depth == 0:
                    break
            j -= 1
        j -= 1
    return j >= 0 and tokens[j].text in ACCESSORS and is_keyword(tokens, j)


def classify(tokens, index, frame):
    """What the `{` at index opens: "closure", "block", "function" or "type", with a name."""
    previous = previous_token(tokens, index)
    following = next_token(tokens, index)
    pending = frame.pending
    if previous is not None:
        if previous.kind == "punctuation" and previous.text in "([,:":
            return "closure", None
        if previous.kind == "word" and previous.text in ("return", "throw", "in", "await", "try"):
            return "closure", None
        if previous.kind == "operator" and previous.text not in NOT_CLOSURE_OPERATORS:
            return "closure", None
    if accessor_before(tokens, index):
        return "function", frame.name or "accessor"
    if following is not None and following.text in ACCESSORS:
        return "block", None  # a property's accessor list
    if pending is None or pending[2] != frame.parentheses:
        return "closure", None
    keyword, name, _, assigned = pending
    if keyword in CONTROL:
        return "block", None
    if keyword in TYPES:
        return "type", name
    if keyword in DECLARATIONS:
        return "function", name
    if keyword == "var" and not assigned:
        return "function", name  # a computed property
    return "closure", None


def closure_depths(source, path="<snippet>"):
    """Every owner of closures in source, with the deepest nesting of its closures."""
    tokens = tokenize(source)
    top = Owner("<top level>", 1)
    owners = [top]
    stack = [Frame("type", 0, top)]
    for index, token in enumerate(tokens):
        frame = stack[-1]
        text = token.text
        if token.kind == "newline":
            if frame.pending and frame.pending[0] in ("var", "let") and frame.parentheses == frame.pending[2]:
                frame.pending = None
            continue
        if token.kind == "punctuation" and text in "([":
            frame.parentheses += 1
        elif token.kind == "punctuation" and text in ")]":
            frame.parentheses -= 1
        elif token.kind == "punctuation" and text == ";":
            frame.pending = None
        elif token.kind == "operator" and text == "=" and frame.pending:
            keyword, name, depth, _ = frame.pending
            if depth == frame.parentheses:
                frame.pending = (keyword, name, depth, True)
        elif token.kind == "word" and is_keyword(tokens, index):
            pending = frame.pending[0] if frame.pending else None
            if text == "while" and frame.after_repeat:
                pass  # repeat { } while condition: no body follows
            elif text in CONTROL or (text in DECLARATIONS and (text != "init" or opens_initialiser(tokens, index))):
                # A declaration follows modifiers that are keywords too (class func); a control
                # keyword inside a condition (if case) or a declaration's signature does not count.
                if pending in (None, "var", "let") or (text in DECLARATIONS and pending in DECLARATIONS):
                    frame.pending = (text, declared_name(tokens, index), frame.parentheses, False)
            elif text in ("var", "let") and pending is None:
                frame.pending = (text, declared_name(tokens, index), frame.parentheses, False)
            frame.after_repeat = False
        elif token.kind == "punctuation" and text == "{":
            kind, name = classify(tokens, index, frame)
            if kind == "closure":
                owner = frame.owner
                if owner is None:
                    # A stored property's initialiser: its closures are the property's.
                    owner = Owner(frame.pending[1] if frame.pending else "<initialiser>", token.line)
                    owners.append(owner)
                depth = frame.depth + 1
                if depth > owner.depth:
                    owner.depth, owner.deepest_line = depth, token.line
                stack.append(Frame("closure", depth, owner))
                continue
            keyword = frame.pending[0] if frame.pending else None
            property_name = frame.pending[1] if frame.pending else None
            frame.pending = None
            if kind == "block":
                opened = Frame("block", frame.depth, frame.owner, keyword)
                opened.name = property_name if keyword in ("var", "let", "subscript") else frame.name
            elif kind == "function":
                owner = Owner(name or "<function>", declaration_line(tokens, index))
                owners.append(owner)
                opened = Frame("function", 0, owner)
                opened.name = owner.name
            else:
                opened = Frame("type", 0, None)
            stack.append(opened)
        elif token.kind == "punctuation" and text == "}":
            closed = stack.pop() if len(stack) > 1 else stack[-1]
            stack[-1].after_repeat = closed.keyword == "repeat"
    return owners


def declaration_line(tokens, index):
    """The line of the keyword that declared the body opening at index."""
    depth = 0
    for j in range(index - 1, -1, -1):
        token = tokens[j]
        if token.text in (")", "]"):
            depth += 1
        elif token.text in ("(", "["):
            depth -= 1
        elif token.text in ("{", "}", ";") and depth == 0:
            break
        elif depth == 0 and token.kind == "word" and token.text in DECLARATIONS | ACCESSORS | {"var"}:
            return token.line
    return tokens[index].line


def deepest(source):
    """{name: depth} of a snippet, the deepest per name (for the self-tests)."""
    result = {}
    for owner in closure_depths(source):
        result[owner.name] = max(result.get(owner.name, 0), owner.depth)
    return result


SELF_TESTS = [
    ("four closures, one in another", """
func f() {
    a.map { b in b.map { c in c.map { d in d.forEach { print($0) } } } }
}
""", {"f": 4}),
    ("control blocks do not count", """
func f() {
    if x { for y in z { while w { switch v { case .a: do { defer { } } catch { } default: break } } } }
    guard let q = r else { return }
    repeat { } while s
    items.forEach { item in if item { } else { } }
}
""", {"f": 1}),
    ("braces in strings and comments", '''
func f() {
    let s = "{ { { {"
    let t = """
        { { } "quoted" {
        """
    let u = #"a "{" raw \\( { {"#
    let v = "\\(items.map { "}" + $0 })"
    // { { { {
    /* { /* nested { */ { */
    run { }
}
''', {"f": 1}),
    ("trailing closures after calls and labels", """
func f() {
    withLock(lock) { state in
        state.values.update { handle in
            Task.detached(priority: .low) { await go { } }
        } onCancel: { }
    }
}
""", {"f": 4}),
    ("closures in conditions and argument lists", """
func f() throws(E) -> Int? {
    if let x = list.first(where: { $0 > 1 }), x.allSatisfy({ y in y.isEmpty }) {
        return x.count
    }
    while let y = it.next() { sink(y) }
    return nil
}
""", {"f": 1}),
    ("declarations and accessors", """
struct S: P where T: Q {
    var total: Int { items.reduce(0) { $0 + $1 } }
    var count: Int = 0 {
        didSet { log { $0 } }
    }
    subscript(index: Int) -> Int {
        get { items.map { a in a.map { $0 } }[index] }
        set(value) { }
    }
    init?(x: Int) { run { } }
    let handler: () -> Void = { outer { inner { } } }
    static func make() -> some View<Int> { Text { Group { } } }
}
""", {"total": 1, "count": 1, "subscript": 2, "init": 1, "handler": 3, "make": 2}),
    ("if and switch expressions", """
func f() -> Int {
    let value = if x { 1 } else { 2 }
    let other = switch y { case .a: 1 default: list.map { $0 }.count }
    return value + other
}
""", {"f": 1}),
    ("a closure after a stored property is not the property's body", """
final class C {
    var count: Int
    init() {
        count = 0
        items.forEach { _ in queue.async { self.count += 1 } }
    }
}
""", {"init": 2}),
]


def self_test():
    failures = 0
    for title, source, expected in SELF_TESTS:
        found = deepest(source)
        wrong = {name: (depth, found.get(name)) for name, depth in expected.items() if found.get(name) != depth}
        if wrong:
            failures += 1
            print(f"self-test failed: {title}: expected/found {wrong} (all found: {found})", file=sys.stderr)
    print(f"check-closure-nesting: {len(SELF_TESTS) - failures} of {len(SELF_TESTS)} self-tests passed")
    return 1 if failures else 0


def main(arguments):
    if "--self-test" in arguments:
        return self_test()
    if "-h" in arguments or "--help" in arguments:
        print(__doc__.strip())
        return 0
    limit = 2
    if "--max" in arguments:
        position = arguments.index("--max")
        limit = int(arguments[position + 1])
        del arguments[position:position + 2]
    roots = arguments or ["Sources"]
    offenders = 0
    for root in roots:
        for directory, _, files in sorted(os.walk(root)):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(directory, file)
                with open(path, encoding="utf-8") as handle:
                    owners = closure_depths(handle.read(), path)
                for owner in owners:
                    if owner.depth > limit:
                        offenders += 1
                        print(f"{path}:{owner.line}: {owner.name}: closures nest {owner.depth} deep "
                              f"(the deepest opens on line {owner.deepest_line})")
    if offenders:
        print(f"check-closure-nesting: {offenders} function(s) nest more than {limit} closures", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
