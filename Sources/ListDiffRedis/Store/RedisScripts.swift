/// The Lua scripts that make each change one atomic step in Redis (a script runs alone, and
/// touches only the keys of one session's hash tag). Loaded once by SHA; see ``RedisScript``.
enum RedisScripts {
    /// KEYS: session, names. ARGV: epoch, ttl seconds. Makes the session unless it exists.
    /// Returns 1 if made, 0 if it existed.
    static let createSession = RedisScript(
        """
        if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
        redis.call('HSET', KEYS[1], 'epoch', ARGV[1], 'counter', 0)
        redis.call('EXPIRE', KEYS[1], ARGV[2])
        return 1
        """)

    /// KEYS: session, names, snapshot, history. ARGV: name, base epoch ('' if the session did
    /// not exist when read), base version, new epoch (used if the session must be made), digest,
    /// flat, items, body, older versions kept, ttl seconds, snapshot limit, channel, slack
    /// seconds, base digest.
    ///
    /// Commits one version if the snapshot is still at the base the writer diffed against —
    /// its number and its content (digest): a store rolled back may hold other content at that
    /// number —, pushes the previous version onto the history (`"<n> <digest> <json>"`, trimmed), stores the new one, refreshes
    /// the TTL of every key of the session (when a slack of it has passed; until then the keys
    /// written get the session's expiry, so all still expire together), publishes. Returns `{'ok', epoch, version}`, or
    /// `{'moved', epoch, version}` (another write came first: diff again), or
    /// `{'full', count}` (the session holds the limit of snapshots).
    static let write = RedisScript(
        """
        local \(refreshTTLFunction)
        local epoch = redis.call('HGET', KEYS[1], 'epoch')
        if not epoch then
          if ARGV[2] ~= '' then return {'moved', '', '0'} end
          epoch = ARGV[4]
          redis.call('HSET', KEYS[1], 'epoch', epoch, 'counter', 0)
        elseif epoch ~= ARGV[2] then
          return {'moved', epoch, redis.call('HGET', KEYS[3], 'version') or '0'}
        end
        local current = redis.call('HGET', KEYS[3], 'version') or '0'
        local digest = redis.call('HGET', KEYS[3], 'digest') or ''
        if current ~= ARGV[3] or (current ~= '0' and digest ~= ARGV[14]) then return {'moved', epoch, current} end
        if current == '0' and redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[11]) then
          return {'full', tostring(redis.call('SCARD', KEYS[2]))}
        end
        local version = redis.call('HINCRBY', KEYS[1], 'counter', 1)
        if current ~= '0' and tonumber(ARGV[9]) > 0 then
          redis.call('LPUSH', KEYS[4], current .. ' ' .. digest .. ' ' .. redis.call('HGET', KEYS[3], 'body'))
          redis.call('LTRIM', KEYS[4], 0, tonumber(ARGV[9]) - 1)
        end
        redis.call('HSET', KEYS[3], 'version', version, 'digest', ARGV[5], 'flat', ARGV[6], 'items', ARGV[7], 'body', ARGV[8])
        redis.call('SADD', KEYS[2], ARGV[1])
        local left = redis.call('TTL', KEYS[1])
        if left < 0 or left <= tonumber(ARGV[10]) - tonumber(ARGV[13]) then
          \(refreshTTL)(KEYS[1], KEYS[2], ARGV[10])
        else
          local at = redis.call('PEXPIRETIME', KEYS[1])
          redis.call('PEXPIREAT', KEYS[2], at)
          redis.call('PEXPIREAT', KEYS[3], at)
          redis.call('PEXPIREAT', KEYS[4], at)
        end
        redis.call('PUBLISH', ARGV[12], string.sub(KEYS[1], 1, -9) .. ' ' .. ARGV[1] .. ' ' .. version)
        return {'ok', epoch, tostring(version)}
        """)

    /// KEYS: session, names. ARGV: ttl seconds, slack seconds. A read's use of the session:
    /// refreshes the TTL of every key of it when more than `slack` seconds of it have passed
    /// (so a session read often costs one `TTL` per read, not a walk). Returns 1 if refreshed.
    static let touch = RedisScript(
        """
        local \(refreshTTLFunction)
        local left = redis.call('TTL', KEYS[1])
        if left < 0 or left > tonumber(ARGV[1]) - tonumber(ARGV[2]) then return 0 end
        \(refreshTTL)(KEYS[1], KEYS[2], ARGV[1])
        return 1
        """)

    /// A Lua function giving every key of a session (by its session and names keys) one TTL:
    /// all of them expire together, so none is left behind without the others.
    private static let refreshTTL = "refresh_ttl"
    private static let refreshTTLFunction = """
        function \(refreshTTL)(session, names, ttl)
          redis.call('EXPIRE', session, ttl)
          redis.call('EXPIRE', names, ttl)
          local tag = string.sub(session, 1, -9)
          for _, name in ipairs(redis.call('SMEMBERS', names)) do
            redis.call('EXPIRE', tag .. ':snap:' .. name, ttl)
            redis.call('EXPIRE', tag .. ':hist:' .. name, ttl)
          end
        end
        """

    /// KEYS: session, names, snapshot, history. ARGV: name, channel. Returns 'nosession',
    /// 'nosnapshot' or 'ok'.
    static let deleteSnapshot = RedisScript(
        """
        if redis.call('EXISTS', KEYS[1]) == 0 then return 'nosession' end
        if redis.call('SREM', KEYS[2], ARGV[1]) == 0 then return 'nosnapshot' end
        redis.call('DEL', KEYS[3], KEYS[4])
        redis.call('PUBLISH', ARGV[2], string.sub(KEYS[1], 1, -9) .. ' ' .. ARGV[1] .. ' deleted')
        return 'ok'
        """)

    /// KEYS: session, names. ARGV: channel. Deletes the session and every snapshot of it.
    /// Returns 1, or 0 if there was none.
    static let deleteSession = RedisScript(
        """
        if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
        local tag = string.sub(KEYS[1], 1, -9)
        for _, name in ipairs(redis.call('SMEMBERS', KEYS[2])) do
          redis.call('DEL', tag .. ':snap:' .. name, tag .. ':hist:' .. name)
        end
        redis.call('DEL', KEYS[1], KEYS[2])
        redis.call('PUBLISH', ARGV[1], tag .. ' * deleted')
        return 1
        """)
}
