#!/usr/bin/env python3
"""Validates openapi.yaml: the OpenAPI 3.1 document itself (openapi-spec-validator) and every
example of a parameter, request body or response against its own schema (jsonschema, draft
2020-12). An example of a `text/event-stream` body is read as a client reads it (the WHATWG
HTML standard's server-sent events: `event:`, `id:`, `data:` and `retry:` lines, blank-line
separated, `:` comments) and each event checked against the media type's item schema
(`itemSchema`, or `x-itemSchema` in a 3.1 document): its `event` must be one the schema
describes, and its `data` must be one line of JSON valid against that event's `contentSchema`.
Usage: scripts/check-openapi.py [openapi.yaml]. Exits non-zero on any error."""
import json
import re
import sys

import yaml
from jsonschema import Draft202012Validator, ValidationError, validators
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

path = sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml"
with open(path) as f:
    spec = yaml.safe_load(f)
validate(spec)
print(f"{path}: valid OpenAPI {spec['openapi']}")

registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT202012))


def deref(node):
    while isinstance(node, dict) and set(node) == {"$ref"}:
        target = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def rewrite(schema):
    """Points local $refs into the registered document."""
    if isinstance(schema, dict):
        return {k: ("urn:spec" + v if k == "$ref" and isinstance(v, str) and v.startswith("#") else rewrite(v)) for k, v in schema.items()}
    if isinstance(schema, list):
        return [rewrite(x) for x in schema]
    return schema


errors = 0
checked = 0


def fail(where, message):
    global errors
    errors += 1
    print(f"FAIL {where}: {message}")


def reject_constant(name):
    raise ValueError(f"{name} is not JSON (RFC 8259)")


def json_content_schema(validator, content_schema, instance, schema):
    """`contentSchema` as an assertion where `contentMediaType` is JSON: the string must be one
    JSON document valid against it (draft 2020-12 makes both annotations only)."""
    if schema.get("contentMediaType") != "application/json" or not isinstance(instance, str):
        return
    try:
        document = json.loads(instance, parse_constant=reject_constant)
    except ValueError as error:
        yield ValidationError(f"not one JSON document ({error}): {instance[:120]!r}")
        return
    yield from validator.descend(document, content_schema)


# Draft 2020-12 with `contentSchema` checked: what an event's `data` is checked with.
ContentValidator = validators.extend(Draft202012Validator, {"contentSchema": json_content_schema})


def check(where, schema, example, validator_class=Draft202012Validator):
    global checked
    checked += 1
    validator = validator_class(rewrite(schema), registry=registry)
    for error in validator.iter_errors(example):
        path = error.json_path if error.absolute_path else ""
        fail(where, f"{path + ': ' if path else ''}{error.message[:300]}")


SSE_LINE = re.compile(r"\r\n|\r|\n")


def parse_event_stream(where, text):
    """The events of an event stream as a client reads them (WHATWG HTML, "Interpreting an event
    stream"), each as OpenAPI 3.2 describes one: `event` (default `message`), `data` (its
    `data:` lines joined by line feeds), `id` (the last `id:` so far, as a client keeps it),
    `retry` (when its block set one). What a client would ignore or lose silently is an error
    here: a field the standard does not define, a `retry:` that is not digits, a block with
    fields but no `data:` (never dispatched, except `retry:` alone), more than one `data:` line
    (the contract's data is one line of JSON), an event not ended by a blank line."""
    events = []
    if not isinstance(text, str):
        fail(where, f"an event stream example must be text, not {type(text).__name__}")
        return events
    lines = SSE_LINE.split(text.removeprefix("\ufeff"))
    if lines[-1] == "":
        lines.pop()  # what follows the last line break is no line
    fields, data, last_id, start = {}, [], None, None
    for number, line in enumerate(lines, 1):
        if line == "":
            if data:
                event = {"event": fields.get("event") or "message", "data": "\n".join(data)}
                if last_id is not None:
                    event["id"] = last_id
                if "retry" in fields:
                    event["retry"] = fields["retry"]
                if len(data) > 1:
                    fail(f"{where}, its line {start}", f"{len(data)} data: lines; each event's data is one line of JSON")
                events.append((start, event))
            elif set(fields) - {"retry"}:
                fail(f"{where}, its line {start}", f"a block with {', '.join(sorted(fields))} but no data: line is not an event")
            fields, data, start = {}, [], None
            continue
        if line.startswith(":"):
            continue
        if start is None:
            start = number
        name, colon, value = line.partition(":")
        if colon:
            value = value.removeprefix(" ")
        if name == "data":
            data.append(value)
        elif name == "event":
            fields["event"] = value
        elif name == "id":
            if "\0" not in value:
                last_id = value
            fields["id"] = value
        elif name == "retry":
            if value.isascii() and value.isdigit():
                fields["retry"] = int(value)
            else:
                fail(f"{where}, its line {number}", f"retry: {value!r} is not a number of milliseconds")
        else:
            fail(f"{where}, its line {number}", f"{name!r} is not a field of an event stream (event, data, id, retry)")
    if start is not None:
        fail(f"{where}, its line {start}", "the last event is not ended by a blank line, so a client never dispatches it")
    return events


def event_branches(where, item_schema):
    """The item schema's events: {name: the branch of its oneOf/anyOf whose `event` is that
    const}. Every name the top `event` enum lists must have one, and every branch must say what
    its `data` is (JSON, and its `contentSchema`)."""
    item_schema = deref(item_schema)
    branches = {}
    for keyword in ("oneOf", "anyOf"):
        for branch in item_schema.get(keyword, []):
            branch = deref(branch)
            name = branch.get("properties", {}).get("event", {}).get("const")
            if name is None:
                fail(where, f"a branch of {keyword} has no properties.event.const naming its event")
                continue
            data = branch.get("properties", {}).get("data", {})
            if data.get("contentMediaType") != "application/json" or "contentSchema" not in data:
                fail(where, f"event {name!r}: properties.data names no contentMediaType application/json and contentSchema")
            branches[name] = branch
    listed = item_schema.get("properties", {}).get("event", {}).get("enum")
    if listed is not None and set(listed) != set(branches):
        fail(where, f"properties.event.enum lists {sorted(listed)}, the branches describe {sorted(branches)}")
    return branches


def check_event_stream(where, item_schema, branches, text):
    """Each event of the example `text` against the branch of `item_schema` its `event` names
    (`branches`, from ``event_branches``), its `data` parsed as JSON and checked against that
    branch's `contentSchema`."""
    global checked
    common = {k: v for k, v in deref(item_schema).items() if k not in ("oneOf", "anyOf")}
    events = parse_event_stream(where, text)
    if not events:
        fail(where, "no event (a block with a data: line) in the example")
    for line, event in events:
        at = f"{where}, its line {line} (event {event['event']})"
        branch = branches.get(event["event"])
        if branch is None and branches:
            checked += 1
            fail(at, f"unknown event {event['event']!r}; the contract's events are {', '.join(branches)}")
            continue
        check(at, {"allOf": [common, branch]} if branch else common, event, ContentValidator)


def check_content(where, content):
    for media, body in (content or {}).items():
        examples = []
        if "example" in body:
            examples.append((f"{where} {media} example", body["example"]))
        for name, ex in (body.get("examples") or {}).items():
            ex = deref(ex)
            if "value" in ex:
                examples.append((f"{where} {media} examples.{name}", ex["value"]))
        schema = body.get("schema")
        if schema is not None:
            for at, example in examples:
                check(at, schema, example)
        if media.split(";")[0].strip().lower() == "text/event-stream":
            item_schema = body.get("itemSchema", body.get("x-itemSchema"))
            if item_schema is None:
                fail(f"{where} {media}", "an event stream without itemSchema (x-itemSchema in OpenAPI 3.1): its events are not described")
                continue
            branches = event_branches(f"{where} {media} itemSchema", item_schema)
            for at, example in examples:
                check_event_stream(at, item_schema, branches, example)


for route, item in spec["paths"].items():
    for method, op in item.items():
        if method == "parameters":
            continue
        where = f"{method.upper()} {route}"
        for param in list(item.get("parameters", [])) + list(op.get("parameters", [])):
            param = deref(param)
            if "example" in param:
                check(f"{where} parameter {param['name']}", param["schema"], param["example"])
        if "requestBody" in op:
            check_content(f"{where} request", deref(op["requestBody"]).get("content"))
        for status, response in op["responses"].items():
            response = deref(response)
            check_content(f"{where} {status}", response.get("content"))
            for name, header in (response.get("headers") or {}).items():
                header = deref(header)
                if "example" in header:
                    check(f"{where} {status} header {name}", header["schema"], header["example"])

print(f"{checked} examples checked, {errors} errors")
sys.exit(1 if errors else 0)
