#!/usr/bin/python3
"""The smallest WebKitGTK browser the cross-engine suite needs, driven by WebKitWebDriver.

WebKitWebDriver starts it (capability "webkitgtk:browserOptions") instead of MiniBrowser, whose
toolbar keeps its window at least 447 px wide. Here a window holds only the web view, so the
viewport is the window: 375 px is 375 px. The web view is not ephemeral (website data in a
throw-away directory), because WebKitGTK prints console messages (and uncaught errors) only for
such a view: they go to standard error as "CONSOLE <SOURCE> <LEVEL> text", where the suite reads
them (webkit-console.ts).

Classic WebDriver has no commands for scripts run before a page's own scripts, nor for a fresh
visitor, so the browser answers two messages of its own, sent from a driver's script through
`window.webkit.messageHandlers.testBrowser.postMessage(...)`:
  {"command": "addInitScript", "source": "..."}  run at the start of every later document
  {"command": "reset"}                            drop init scripts, cookies, storage and caches
Debian: webkit2gtk-driver, gir1.2-webkit2-4.1, python3-gi.
"""
import ctypes
import json
import shutil
import signal
import sys
import tempfile

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
gi.require_version("JavaScriptCore", "4.1")
from gi.repository import GLib, Gtk, JavaScriptCore, WebKit2  # noqa: E402

# End with the driver that started us (it may be killed without a chance to close the session).
PR_SET_PDEATHSIG = 1
ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)

data_dir = tempfile.mkdtemp(prefix="webkit-test-browser-")
manager = WebKit2.WebsiteDataManager(
    base_data_directory=f"{data_dir}/data", base_cache_directory=f"{data_dir}/cache"
)
context = WebKit2.WebContext.new_with_website_data_manager(manager)
context.set_automation_allowed(True)
content = WebKit2.UserContentManager()


def on_message(_manager, message, reply):
    request = message.to_json(0)
    data = json.loads(request)
    done = JavaScriptCore.Value.new_boolean(message.get_context(), True)
    if data.get("command") == "addInitScript":
        content.add_script(
            WebKit2.UserScript.new(
                data["source"],
                WebKit2.UserContentInjectedFrames.TOP_FRAME,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )
        reply.return_value(done)
    elif data.get("command") == "reset":
        content.remove_all_scripts()

        def cleared(_source, result):
            manager.clear_finish(result)
            reply.return_value(done)

        manager.clear(WebKit2.WebsiteDataTypes.ALL, 0, None, cleared)
    else:
        reply.return_error_message(f"unknown command {request}")
    return True


content.connect("script-message-with-reply-received::testBrowser", on_message)
content.register_script_message_handler_with_reply("testBrowser", None)


def web_process_terminated(_view, reason):
    print(f"webkit-test-browser: the web process ended: {reason.value_nick}", file=sys.stderr, flush=True)


def new_web_view(_session):
    settings = WebKit2.Settings(enable_write_console_messages_to_stdout=True)
    view = WebKit2.WebView(
        web_context=context,
        settings=settings,
        user_content_manager=content,
        is_controlled_by_automation=True,
    )
    window = Gtk.Window()
    window.set_default_size(1280, 800)
    window.add(view)
    view.connect("close", lambda _view: window.destroy())
    # WebKitWebDriver then answers "session deleted because of page crash or hang": say why, in the log.
    view.connect("web-process-terminated", web_process_terminated)
    window.show_all()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("webkit-test-browser")
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect("create-web-view", new_web_view)


def quit_browser(*_args):
    Gtk.main_quit()
    return GLib.SOURCE_REMOVE


context.connect("automation-started", automation_started)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, quit_browser)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, quit_browser)
try:
    Gtk.main()
finally:
    shutil.rmtree(data_dir, ignore_errors=True)
