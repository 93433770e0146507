// Encodes ONNX ModelProto bytes with protobufjs from the subset of onnx.proto a small test graph needs.
// python3-onnx is not available everywhere the tests run, so the test model is built from here.
// Field numbers are those of github.com/onnx/onnx/blob/main/onnx/onnx.proto (checked against it);
// proto2 syntax so that int64 "repeated" fields stay unpacked exactly as onnx.proto declares them.
import protobuf from 'protobufjs'

const ONNX_SUBSET = `
syntax = "proto2";
package onnx;

message AttributeProto {
  enum AttributeType { UNDEFINED = 0; FLOAT = 1; INT = 2; STRING = 3; TENSOR = 4; GRAPH = 5;
    FLOATS = 6; INTS = 7; STRINGS = 8; TENSORS = 9; GRAPHS = 10; }
  optional string name = 1;
  optional AttributeType type = 20;
  optional float f = 2;
  optional int64 i = 3;
  optional bytes s = 4;
  optional TensorProto t = 5;
  repeated float floats = 7;
  repeated int64 ints = 8;
}

message ValueInfoProto {
  optional string name = 1;
  optional TypeProto type = 2;
  optional string doc_string = 3;
}

message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  optional string name = 3;
  optional string op_type = 4;
  optional string domain = 7;
  repeated AttributeProto attribute = 5;
}

message ModelProto {
  optional int64 ir_version = 1;
  repeated OperatorSetIdProto opset_import = 8;
  optional string producer_name = 2;
  optional string producer_version = 3;
  optional string domain = 4;
  optional int64 model_version = 5;
  optional string doc_string = 6;
  optional GraphProto graph = 7;
}

message GraphProto {
  repeated NodeProto node = 1;
  optional string name = 2;
  repeated TensorProto initializer = 5;
  optional string doc_string = 10;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}

message TensorProto {
  repeated int64 dims = 1;
  optional int32 data_type = 2;
  optional string name = 8;
  optional bytes raw_data = 9;
}

message TensorShapeProto {
  message Dimension {
    oneof value {
      int64 dim_value = 1;
      string dim_param = 2;
    }
  }
  repeated Dimension dim = 1;
}

message TypeProto {
  message Tensor {
    optional int32 elem_type = 1;
    optional TensorShapeProto shape = 2;
  }
  oneof value {
    Tensor tensor_type = 1;
  }
}

message OperatorSetIdProto {
  optional string domain = 1;
  optional int64 version = 2;
}
`

/** TensorProto.DataType values used here. */
export const DataType = { FLOAT: 1, INT8: 3, INT64: 7 } as const
export const AttributeType = { FLOAT: 1, INT: 2, INTS: 7 } as const

export interface TensorSpec {
  name: string
  dims: number[]
  dataType: number
  raw: Uint8Array
}
export interface ValueSpec {
  name: string
  elemType: number
  /** A number is a fixed size, a string a symbolic (dynamic) dimension such as "batch". */
  shape: (number | string)[]
}
export interface AttributeSpec {
  name: string
  type: number
  f?: number
  i?: number
  ints?: number[]
}
export interface NodeSpec {
  opType: string
  inputs: string[]
  outputs: string[]
  name: string
  attributes?: AttributeSpec[]
}
export interface ModelSpec {
  graphName: string
  nodes: NodeSpec[]
  initializers: TensorSpec[]
  inputs: ValueSpec[]
  outputs: ValueSpec[]
  irVersion: number
  opset: number
  producer: string
}

function valueInfo(v: ValueSpec): object {
  const dim = v.shape.map((d) => (typeof d === 'number' ? { dim_value: d } : { dim_param: d }))
  return { name: v.name, type: { tensor_type: { elem_type: v.elemType, shape: { dim } } } }
}

/** Serialises a model description to the bytes of an .onnx file. */
export function encodeModel(spec: ModelSpec): Uint8Array {
  // keepCase keeps the snake_case field names of onnx.proto instead of converting them to camelCase.
  const root = protobuf.parse(ONNX_SUBSET, { keepCase: true }).root
  const Model = root.lookupType('onnx.ModelProto')
  const message = {
    ir_version: spec.irVersion,
    producer_name: spec.producer,
    opset_import: [{ domain: '', version: spec.opset }],
    graph: {
      name: spec.graphName,
      node: spec.nodes.map((n) => ({
        name: n.name,
        op_type: n.opType,
        input: n.inputs,
        output: n.outputs,
        attribute: (n.attributes ?? []).map((a) => ({
          name: a.name,
          type: a.type,
          f: a.f,
          i: a.i,
          ints: a.ints,
        })),
      })),
      initializer: spec.initializers.map((t) => ({
        name: t.name,
        dims: t.dims,
        data_type: t.dataType,
        raw_data: t.raw,
      })),
      input: spec.inputs.map(valueInfo),
      output: spec.outputs.map(valueInfo),
    },
  }
  const invalid = Model.verify(message)
  if (invalid) throw new Error(`Invalid ONNX model description: ${invalid}`)
  return Model.encode(Model.fromObject(message)).finish()
}
