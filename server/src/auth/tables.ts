/** Row types of the account tables created by `accountMigrations`, for kysely (a type alias, as `withTables` needs). */
export type AccountTables = {
  users: {
    uid: string;
    display_name: string;
    password_hash: string;
    quota: number;
    created_at: number;
    last_login: number | null;
  };
  sessions: {
    id: string;
    uid: string;
    request_token: string;
    created_at: number;
    last_seen: number;
  };
  app_passwords: {
    id: string;
    uid: string;
    name: string;
    token_hash: string;
    created_at: number;
    last_used: number | null;
  };
  login_attempts: {
    ip: string;
    uid: string;
    attempted_at: number;
  };
  login_successes: {
    ip: string;
    uid: string;
    succeeded_at: number;
  };
  user_config: { uid: string; key: string; value: string };
  view_config: { uid: string; view: string; key: string; value: string };
};
