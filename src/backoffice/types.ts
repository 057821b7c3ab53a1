// The admin API's JSON as the pages read it (see src/routes/admin/*.ts for the authoritative schemas).

export interface StoreJson {
  id: string;
  name: string;
  plan: string;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyJson {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ProductSummaryJson {
  external_id: string;
  name: string;
  current_version: number;
  updated_at: string;
}

export interface VersionInfoJson {
  version: number;
  content_hash: string;
  created_at: string;
}

export interface ProductJson {
  external_id: string;
  name: string;
  current_version: number;
  source: string;
  updated_at: string;
  versions: VersionInfoJson[];
}

export interface VersionJson extends VersionInfoJson {
  source: string;
}
