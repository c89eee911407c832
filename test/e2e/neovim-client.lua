-- Driven by test/e2e/neovim.test.ts through `nvim --headless --clean`: Neovim's own LSP client (the 0.7 API, which
-- later releases keep) starts `openwop lsp --stdio`, opens a schema and an envelope file, waits for their diagnostics,
-- applies one quick fix to the schema through vim.lsp.buf.code_action (the menu answered by a stand-in for vim.ui.select), saves, and stops the server.
-- Everything it saw goes to OPENWOP_NVIM_OUT as JSON; the test judges it. It always quits: a Lua error in headless
-- Neovim would otherwise leave it waiting for input.
local env = {
  node = os.getenv('OPENWOP_NVIM_NODE'),
  bin = os.getenv('OPENWOP_NVIM_BIN'),
  project = os.getenv('OPENWOP_NVIM_PROJECT'),
  file = os.getenv('OPENWOP_NVIM_FILE'),
  envelopes = os.getenv('OPENWOP_NVIM_ENVELOPES'),
  fix_rule = os.getenv('OPENWOP_NVIM_FIX_RULE'),
  out = os.getenv('OPENWOP_NVIM_OUT'),
}
local WAIT_MS = 60000
local result = { steps = {} }

local function step(name)
  table.insert(result.steps, name)
end

local function wait_for(what, condition)
  if not vim.wait(WAIT_MS, condition, 20) then
    error('timed out waiting for ' .. what)
  end
end

-- Each publishDiagnostics is counted by file, then handed to Neovim's own handler.
local published = {}
local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
local logs = {}

local function diagnostics(bufnr)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(list, {
      code = d.code,
      source = d.source,
      severity = d.severity,
      message = d.message,
      lnum = d.lnum,
      col = d.col,
      end_lnum = d.end_lnum,
      end_col = d.end_col,
      href = lsp.codeDescription and lsp.codeDescription.href or vim.NIL,
    })
  end
  return list
end

local function run()
  result.nvim = vim.version()
  vim.cmd('edit ' .. vim.fn.fnameescape(env.file))
  local bufnr = vim.api.nvim_get_current_buf()

  local exit_code
  local client_id = vim.lsp.start_client({
    name = 'openwop',
    cmd = { env.node, env.bin, 'lsp', '--stdio' },
    root_dir = env.project,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
        if params then
          local file = vim.uri_to_fname(params.uri)
          published[file] = (published[file] or 0) + 1
        end
        return default_publish(err, params, ctx, config)
      end,
      ['window/logMessage'] = function(_, params)
        table.insert(logs, params.message)
      end,
    },
    on_exit = function(code)
      exit_code = code
    end,
  })
  if not client_id then
    error('vim.lsp.start_client did not start the server')
  end
  vim.lsp.buf_attach_client(bufnr, client_id)
  step('started')

  wait_for('the diagnostics of the schema', function()
    return (published[env.file] or 0) > 0
  end)
  result.before = diagnostics(bufnr)

  -- The envelope file in a second buffer, attached to the same client, then back to the schema.
  vim.cmd('edit ' .. vim.fn.fnameescape(env.envelopes))
  local envelopes = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(envelopes, client_id)
  wait_for('the diagnostics of the envelope file', function()
    return (published[env.envelopes] or 0) > 0
  end)
  result.envelopes = diagnostics(envelopes)
  vim.cmd('buffer ' .. bufnr)
  step('diagnosed')

  -- The quick fix, as a user picks it: cursor on the finding, the code-action menu, the entry that fixes it.
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == env.fix_rule then
      target = d
      break
    end
  end
  if not target then
    error('no ' .. env.fix_rule .. ' diagnostic to fix')
  end
  vim.api.nvim_win_set_cursor(0, { target.lnum + 1, target.col })
  result.offered = {}
  local chosen = false
  vim.ui.select = function(items, opts, on_choice)
    local pick
    for _, item in ipairs(items) do
      local action = item[2]
      table.insert(result.offered, { title = opts.format_item(item), kind = action.kind, preferred = action.isPreferred == true })
      if not pick and action.isPreferred and action.kind == 'quickfix' and action.title:find(env.fix_rule, 1, true) then
        pick = item
      end
    end
    chosen = true
    on_choice(pick)
  end
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  local before_fix = published[env.file]
  vim.lsp.buf.code_action({ only = { 'quickfix' } })
  wait_for('the code-action menu', function()
    return chosen
  end)
  wait_for('the quick fix to change the buffer', function()
    return vim.api.nvim_buf_get_changedtick(bufnr) ~= tick
  end)
  wait_for('the diagnostics of the fixed text', function()
    return published[env.file] > before_fix
  end)
  result.after = diagnostics(bufnr)
  vim.cmd('write')
  step('fixed and saved')

  vim.lsp.stop_client(client_id)
  wait_for('the server to exit', function()
    return exit_code ~= nil
  end)
  result.exit_code = exit_code
  step('stopped')
end

local ok, err = pcall(run)
if not ok then
  result.error = tostring(err)
end
result.logs = logs
local f = io.open(env.out, 'w')
f:write(vim.fn.json_encode(result))
f:close()
vim.cmd('qall!')
