/// WebP's decoders take and give ImageCore's types (Raster, RowSink, DecodeError), so a caller of
/// WebPCodec has them too; and every file here sees them, VP8ParsePipeline's among them.
@_exported import ImageCore
