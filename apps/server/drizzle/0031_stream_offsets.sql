CREATE TABLE "stream_offsets" (
	"stream" text NOT NULL,
	"partition" integer NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "stream_offsets_stream_partition_pk" PRIMARY KEY("stream","partition")
);
