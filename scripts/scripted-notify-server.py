#!/usr/bin/python3
# A scripted notification server for Chime's tests: owns org.freedesktop.Notifications on the
# session bus, answers like a server called NAME with CAPABILITIES, and keeps a Boolean
# `Inhibited` property (KDE Plasma's do-not-disturb) that tests set with
#   gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
#     --method org.freedesktop.DBus.Properties.Set org.freedesktop.Notifications Inhibited "<true>"
# Changes are announced with PropertiesChanged, as Plasma does.
#
# Called as mako, it also serves mako's own object /fr/emersion/Mako (interface fr.emersion.Mako):
# the `Modes` property (as), ListModes and SetModes, announcing a change of modes, as mako 1.9
# does, with PropertiesChanged naming `Modes` as invalidated (no value). Tests turn mako's
# do-not-disturb mode on with
#   gdbus call --session --dest org.freedesktop.Notifications --object-path /fr/emersion/Mako \
#     --method fr.emersion.Mako.SetModes "['default', 'do-not-disturb']"
# (mako itself needs a Wayland compositor, which the tests' Xvfb is not).
#
# With --notify-delay SECONDS it answers each Notify only that long after it came (other calls at
# once): the bubble appears when the answer goes out, as on a server too busy to answer in time
# (libnotify gives up after 25 s; a later answer is lost to it). Every bubble it ever made, open
# or closed, is listed by the test interface org.chime.ScriptedServer (Bubbles: id, summary,
# body, open), which also clicks a button (InvokeAction: id, key) as a user would.
#
#   scripted-notify-server.py [--notify-delay SECONDS] NAME CAPABILITY...
#
# Needs Debian's python3-dbus and python3-gi (the system python: /usr/bin/python3).
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
PROPERTIES = "org.freedesktop.DBus.Properties"
MAKO = "fr.emersion.Mako"
MAKO_PATH = "/fr/emersion/Mako"
TEST = "org.chime.ScriptedServer"


class Server(dbus.service.Object):
    def __init__(self, bus, name, capabilities, notify_delay):
        super().__init__(bus, PATH)
        self.name = name
        self.capabilities = capabilities
        self.notify_delay = notify_delay
        self.next_id = 1
        self.open = set()
        self.bubbles = {}
        self.inhibited = False

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return (self.name, "Chime tests", "1.0", "1.2")

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return dbus.Array(self.capabilities, signature="s")

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u", async_callbacks=("reply", "error"))
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, timeout, reply, error):
        def show():
            reply(self.show(replaces_id, summary, body))
            return False
        if self.notify_delay > 0:
            GLib.timeout_add(int(self.notify_delay * 1000), show)
        else:
            show()

    def show(self, replaces_id, summary, body):
        if replaces_id in self.open:
            notification_id = replaces_id
        else:
            notification_id = self.next_id
            self.next_id += 1
            self.open.add(notification_id)
        self.bubbles[notification_id] = (str(summary), str(body))
        return dbus.UInt32(notification_id)

    @dbus.service.method(TEST, in_signature="", out_signature="a(ussb)")
    def Bubbles(self):
        return dbus.Array([(dbus.UInt32(i), s, b, i in self.open) for i, (s, b) in sorted(self.bubbles.items())], signature="(ussb)")

    @dbus.service.method(TEST, in_signature="us", out_signature="")
    def InvokeAction(self, notification_id, key):
        self.ActionInvoked(dbus.UInt32(notification_id), key)

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, notification_id):
        if notification_id not in self.open:
            raise dbus.exceptions.DBusException("Invalid notification identifier", name=NAME + ".InvalidId")
        self.open.discard(notification_id)
        self.NotificationClosed(dbus.UInt32(notification_id), dbus.UInt32(3))

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, notification_id, reason):
        pass

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, notification_id, action_key):
        pass

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.GetAll(interface)[prop]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        if interface != NAME:
            raise dbus.exceptions.DBusException("No such interface " + interface, name="org.freedesktop.DBus.Error.UnknownInterface")
        return {"Inhibited": dbus.Boolean(self.inhibited)}

    @dbus.service.method(PROPERTIES, in_signature="ssv", out_signature="")
    def Set(self, interface, prop, value):
        if interface != NAME or prop != "Inhibited":
            raise dbus.exceptions.DBusException("No such property " + prop, name="org.freedesktop.DBus.Error.UnknownProperty")
        self.inhibited = bool(value)
        self.PropertiesChanged(NAME, {"Inhibited": dbus.Boolean(self.inhibited)}, dbus.Array([], signature="s"))

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


class Mako(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, MAKO_PATH)
        self.modes = ["default"]

    @dbus.service.method(MAKO, in_signature="", out_signature="as")
    def ListModes(self):
        return dbus.Array(self.modes, signature="s")

    @dbus.service.method(MAKO, in_signature="as", out_signature="")
    def SetModes(self, modes):
        self.modes = [str(mode) for mode in modes]
        self.PropertiesChanged(MAKO, dbus.Dictionary({}, signature="sv"), dbus.Array(["Modes"], signature="s"))

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.GetAll(interface)[prop]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        if interface != MAKO:
            raise dbus.exceptions.DBusException("No such interface " + interface, name="org.freedesktop.DBus.Error.UnknownInterface")
        return {"Modes": dbus.Array(self.modes, signature="s")}

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


def main():
    arguments = sys.argv[1:]
    notify_delay = 0.0
    if arguments[:1] == ["--notify-delay"] and len(arguments) >= 2:
        notify_delay = float(arguments[1])
        arguments = arguments[2:]
    if len(arguments) < 1:
        print("usage: scripted-notify-server.py [--notify-delay SECONDS] NAME CAPABILITY...", file=sys.stderr)
        sys.exit(64)
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    server = Server(bus, arguments[0], arguments[1:], notify_delay)
    mako = Mako(bus) if arguments[0] == "mako" else None
    # Claimed after the object is exported, so a client that sees the name can call it.
    _name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    GLib.MainLoop().run()
    del server, mako, _name


if __name__ == "__main__":
    main()
