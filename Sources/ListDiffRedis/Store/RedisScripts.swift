/// The Lua scripts that make each change one atomic step in Redis (a script runs alone, and
/// touches only the keys of one session's hash tag). Loaded once by SHA; see ``RedisScript``.
enum RedisScripts {
    /// KEYS: session, names. ARGV: epoch, ttl seconds. Makes the session unless it exists
    /// (removing what is left of a gone one under its names). Returns 1 if made, 0 if it existed.
    static let createSession = RedisScript(
        """
        local \(clearSessionFunction)
        if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
        \(clearSession)(KEYS[1], KEYS[2])
        redis.call('HSET', KEYS[1], 'epoch', ARGV[1], 'counter', 0)
        redis.call('EXPIRE', KEYS[1], ARGV[2])
        return 1
        """)

    /// KEYS: session, names, snapshot, history. ARGV: name, base epoch ('' if the session did
    /// not exist when read), base version, new epoch (used if the session must be made), digest,
    /// flat, items, body, older versions kept, ttl seconds, snapshot limit, channel, slack
    /// seconds, base digest, whether the message carries the body ('1' or '0').
    ///
    /// A session with a key missing is gone (Redis may evict one key of it alone): a snapshot
    /// hash or history without the session hash, or a snapshot hash of the session's epoch
    /// that its names set misses, and the script removes what is left of it and makes the
    /// session anew, under a new epoch, so no number is issued again with other content. A
    /// snapshot hash of another epoch is what a gone session left: removed, the snapshot new.
    ///
    /// Commits one version if the snapshot is still at the base the writer diffed against —
    /// its number and its content (digest): a store rolled back may hold other content at that
    /// number —, pushes the previous version onto the history (`"<n> <digest> <json>"`, trimmed), stores the new one, refreshes
    /// the TTL of every key of the session (when a slack of it has passed; until then the keys
    /// written get the session's expiry, so all still expire together), publishes the version
    /// and its base, with the body when asked (``VersionMessage``). Returns `{'ok', epoch, version}`, or
    /// `{'moved', epoch, version}` (another write came first: diff again), or
    /// `{'full', count}` (the session holds the limit of snapshots).
    static let write = RedisScript(
        """
        local \(refreshTTLFunction)
        local \(clearSessionFunction)
        local epoch = redis.call('HGET', KEYS[1], 'epoch')
        local written = redis.call('HGET', KEYS[3], 'epoch')
        if not epoch then
          if redis.call('EXISTS', KEYS[2], KEYS[3], KEYS[4]) > 0 then
            \(clearSession)(KEYS[1], KEYS[2])
            redis.call('DEL', KEYS[3], KEYS[4])
          end
        elseif written and written ~= epoch then
          redis.call('DEL', KEYS[3], KEYS[4])
        elseif redis.call('EXISTS', KEYS[3]) == 1 and redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then
          \(clearSession)(KEYS[1], KEYS[2])
          redis.call('DEL', KEYS[3], KEYS[4])
          epoch = false
        end
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
        if current == '0' then redis.call('DEL', KEYS[4]) end
        local version = redis.call('HINCRBY', KEYS[1], 'counter', 1)
        if current ~= '0' and tonumber(ARGV[9]) > 0 then
          redis.call('LPUSH', KEYS[4], current .. ' ' .. digest .. ' ' .. redis.call('HGET', KEYS[3], 'body'))
          redis.call('LTRIM', KEYS[4], 0, tonumber(ARGV[9]) - 1)
        end
        redis.call('HSET', KEYS[3], 'version', version, 'digest', ARGV[5], 'flat', ARGV[6], 'items', ARGV[7], 'body', ARGV[8], 'epoch', epoch)
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
        local message = string.sub(KEYS[1], 1, -9) .. ' ' .. ARGV[1] .. ' ' .. epoch .. ' ' .. version .. ' ' ..
          ARGV[5] .. ' ' .. ARGV[6] .. ' ' .. ARGV[7] .. ' ' .. current .. ' ' .. (current ~= '0' and digest or '-')
        if ARGV[15] == '1' then message = message .. '\\n' .. ARGV[8] end
        redis.call('PUBLISH', ARGV[12], message)
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

    /// A Lua function deleting every key of a session (by its session and names keys) it can
    /// find: those its names set names.
    private static let clearSession = "clear_session"
    private static let clearSessionFunction = """
        function \(clearSession)(session, names)
          local tag = string.sub(session, 1, -9)
          for _, name in ipairs(redis.call('SMEMBERS', names)) do
            redis.call('DEL', tag .. ':snap:' .. name, tag .. ':hist:' .. name)
          end
          redis.call('DEL', session, names)
        end
        """

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
    /// 'nosnapshot' or 'ok'; a snapshot's keys its session does not name go either way.
    static let deleteSnapshot = RedisScript(
        """
        if redis.call('EXISTS', KEYS[1]) == 0 then
          redis.call('DEL', KEYS[3], KEYS[4])
          return 'nosession'
        end
        if redis.call('SREM', KEYS[2], ARGV[1]) == 0 then
          redis.call('DEL', KEYS[3], KEYS[4])
          return 'nosnapshot'
        end
        redis.call('DEL', KEYS[3], KEYS[4])
        redis.call('PUBLISH', ARGV[2], string.sub(KEYS[1], 1, -9) .. ' ' .. ARGV[1] .. ' deleted')
        return 'ok'
        """)

    /// KEYS: session, names. ARGV: channel. Deletes the session and every snapshot of it.
    /// Returns 1, or 0 if there was none (what a gone one left under its names goes too).
    static let deleteSession = RedisScript(
        """
        local \(clearSessionFunction)
        if redis.call('EXISTS', KEYS[1]) == 0 then
          \(clearSession)(KEYS[1], KEYS[2])
          return 0
        end
        local tag = string.sub(KEYS[1], 1, -9)
        for _, name in ipairs(redis.call('SMEMBERS', KEYS[2])) do
          redis.call('DEL', tag .. ':snap:' .. name, tag .. ':hist:' .. name)
        end
        redis.call('DEL', KEYS[1], KEYS[2])
        redis.call('PUBLISH', ARGV[1], tag .. ' * deleted')
        return 1
        """)
}
