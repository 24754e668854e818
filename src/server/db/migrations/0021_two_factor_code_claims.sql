-- Each accepted authenticator code is claimed here before it counts (decision 038): the insert of
-- (member, code, time step) either adds the row or finds it there, atomically across processes, so a
-- code is accepted once. Rows older than the codes' validity window are removed by the purge job.
CREATE TABLE "two_factor_code_claims" (
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"time_step" bigint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_code_claims_pkey" PRIMARY KEY("user_id","code","time_step")
);--> statement-breakpoint
ALTER TABLE "two_factor_code_claims" ADD CONSTRAINT "two_factor_code_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_code_claims_claimed_at_idx" ON "two_factor_code_claims" USING btree ("claimed_at");
