import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';

/**
 * The fields of one protobuf message by number, read with protobuf-es's reader: Anki keeps a
 * few of its settings as protobuf (a package's meta, its media list, a deck's kind, a note
 * type's kind, a template's text), and only those few fields are read, so no generated code.
 * Varints are numbers (every one read here is small); length-delimited fields are bytes.
 */
export type ProtoFields = Map<number, (number | Uint8Array)[]>;

export function protoFields(bytes: Uint8Array): ProtoFields {
  const reader = new BinaryReader(bytes);
  const fields: ProtoFields = new Map();
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    let value: number | Uint8Array | undefined;
    if (wireType === WireType.Varint) value = Number(reader.uint64());
    else if (wireType === WireType.LengthDelimited) value = reader.bytes();
    else reader.skip(wireType, field);
    if (value === undefined) continue;
    const list = fields.get(field);
    if (list) list.push(value);
    else fields.set(field, [value]);
  }
  return fields;
}

/** The field's last varint (protobuf's rule for a repeated scalar), or undefined. */
export function protoNumber(fields: ProtoFields, field: number): number | undefined {
  const values = fields.get(field);
  const last = values?.[values.length - 1];
  return typeof last === 'number' ? last : undefined;
}

/** The field's last length-delimited value as UTF-8 text, or undefined. */
export function protoString(fields: ProtoFields, field: number): string | undefined {
  const values = fields.get(field);
  const last = values?.[values.length - 1];
  return last instanceof Uint8Array ? new TextDecoder().decode(last) : undefined;
}

/** Every length-delimited value of a repeated message field. */
export function protoMessages(fields: ProtoFields, field: number): Uint8Array[] {
  return (fields.get(field) ?? []).filter((v): v is Uint8Array => v instanceof Uint8Array);
}
