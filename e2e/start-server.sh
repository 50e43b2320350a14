#!/usr/bin/env bash
# Seeds the accounts the role journeys need (e2e/seed.ts), then runs the server on the same DATA_DIR.
set -euo pipefail
cli() { npx tsx src/server/cli.ts "$@"; }
cli create-user premiumuser1 premium1@example.com secret123
cli set-plan premiumuser1 professional
cli create-user teacheruser1 teacher1@school.edu secret123
cli set-teacher teacheruser1 on
cli create-user studentuser1 student1@school.edu secret123
cli create-user quotauser1 quota1@example.com secret123
cli set-usage quotauser1 annotations 99
# at the PDF quota, and past the image quota (as after a downgrade)
cli set-usage quotauser1 pdfs 100
cli set-usage quotauser1 images 101
exec npx tsx src/server/main.ts
