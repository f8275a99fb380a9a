// Every codec a Parquet writer may use (DuckDB, polars and pyarrow write ZSTD,
// GZIP, BROTLI, LZ4 or LZ4_RAW): hyparquet alone reads snappy and uncompressed.
export { compressors as parquetCompressors } from 'hyparquet-compressors';
