"""The tool screens' words in English and German (``ui.screens.tools``, ``ui.tools.models``).
Data only."""

from __future__ import annotations

TOOL_STRINGS: dict[str, dict[str, str]] = {
    # --- The tool screens (ui.screens.tools, ui.tools.models): settings, enrolment, hardware check
    "tool_figure": {"en": "{player} {kind}", "de": "{player} {kind}"},
    "tool_raw": {"en": "{text}", "de": "{text}"},
    "tool_reader_stopped": {"en": "The readers stopped: {problem}",
                            "de": "Die Leser haben aufgehört: {cause}"},
    "tool_reader_failed": {"en": "The readers could not start: {problem}",
                           "de": "Die Leser ließen sich nicht starten: {cause}"},
    "tool_config_bad": {"en": "The configuration cannot be used: {problem}",
                        "de": "Die Konfiguration ist nicht verwendbar: {cause}"},
    # --- Known causes (ui.tools.problems): what happened and what to do, without the English
    # detail of the driver or the file (that goes to the log)
    "pb_no_device": {"en": "the device is not there: enable SPI (raspi-config) or plug the"
                           " USB cable in, then try again",
                     "de": "das Gerät fehlt: SPI einschalten (raspi-config) oder das"
                           " USB-Kabel einstecken, dann erneut versuchen"},
    "pb_no_permission": {"en": "no permission: add the user to the groups spi, gpio and"
                               " dialout, or check who owns the file",
                         "de": "keine Berechtigung: den Benutzer in die Gruppen spi, gpio und"
                               " dialout aufnehmen oder prüfen, wem die Datei gehört"},
    "pb_disk_full": {"en": "the storage is full: make room, then try again",
                     "de": "der Speicher ist voll: Platz schaffen, dann erneut versuchen"},
    "pb_busy": {"en": "another program holds the device: end it, then try again",
                "de": "ein anderes Programm belegt das Gerät: es beenden, dann erneut"
                      " versuchen"},
    "pb_not_a_folder": {"en": "a file stands where a folder belongs (or the other way"
                              " round): check the companion's folder (GIGANTEN_HOME)",
                        "de": "wo ein Ordner hingehört, steht eine Datei (oder umgekehrt):"
                              " den Ordner des Begleiters prüfen (GIGANTEN_HOME)"},
    "pb_connection": {"en": "the connection failed: check the cables and the board's power,"
                            " then try again",
                      "de": "die Verbindung ist gestört: Kabel und Stromversorgung des"
                            " Bretts prüfen, dann erneut versuchen"},
    "pb_missing_module": {"en": "a program module is missing: run scripts/setup again",
                          "de": "ein Programmmodul fehlt: scripts/setup erneut ausführen"},
    "pb_readers": {"en": "the readers do not answer: check the cables, the power and the"
                         " reader section of the configuration",
                   "de": "die Leser antworten nicht: Kabel, Stromversorgung und den"
                         " Leser-Abschnitt der Konfiguration prüfen"},
    "pb_config": {"en": "the configuration file has a mistake: correct it (the log names"
                        " the key) or remove it to use the defaults",
                  "de": "die Konfigurationsdatei enthält einen Fehler: ihn berichtigen (das"
                        " Protokoll nennt die Stelle) oder die Datei entfernen, dann gelten"
                        " die Grundeinstellungen"},
    "pb_registry_file": {"en": "the registry file is damaged: restore it from a backup or"
                               " enrol the figures again",
                         "de": "die Registerdatei ist beschädigt: sie aus einer Sicherung"
                               " zurückholen oder die Figuren neu anmelden"},
    "pb_settings_file": {"en": "the file is not a settings file of this app",
                         "de": "die Datei ist keine Einstellungsdatei dieser App"},
    "pb_unknown": {"en": "an unexpected problem: the log has the details",
                   "de": "ein unerwartetes Problem: Einzelheiten stehen im Protokoll"},
    "lang_en": {"en": "English", "de": "Englisch"},
    "lang_de": {"en": "German", "de": "Deutsch"},
    "set_title": {"en": "Settings", "de": "Einstellungen"},
    "set_seed": {"en": "Seed", "de": "Startwert"},
    "set_seed_hint": {"en": "new each game", "de": "jedes Spiel neu"},
    "set_seed_random": {"en": "New each game", "de": "Jedes Spiel neu"},
    "set_bad_seed": {"en": "The seed must be a whole number of 0 or more, not {text!r}",
                     "de": "Der Startwert muss eine ganze Zahl ab 0 sein, nicht {text!r}"},
    "set_saved": {"en": "Saved for the next start: {path}",
                  "de": "Für den nächsten Start gespeichert: {path}"},
    "set_not_saved": {"en": "The settings could not be saved ({problem}): they hold until"
                            " the app closes",
                      "de": "Die Einstellungen ließen sich nicht speichern ({cause}): sie"
                            " gelten, bis die App schließt"},
    "set_unreadable": {"en": "The settings file {path} could not be read ({problem}): the"
                             " defaults are used; changing a setting saves a new file",
                       "de": "Die Einstellungsdatei {path} ist nicht lesbar ({cause}): es"
                             " gelten die Grundeinstellungen; eine Änderung speichert eine"
                             " neue Datei"},
    "set_impossible": {"en": "These variants cannot be played together: {reason}",
                       "de": "Diese Varianten gehen nicht zusammen: {reason}"},
    "set_ok": {"en": "These variants can be played together.",
               "de": "Diese Varianten passen zusammen."},
    "set_no_variants": {"en": "no variants", "de": "keine Varianten"},
    "set_summary": {"en": "{language} · Reveal: {policy} · Starts: {first} · {variants}",
                    "de": "{language} · Aufdecken: {policy} · Beginnt: {first} · {variants}"},
    "set_summary_seed": {"en": " · seed {seed}", "de": " · Startwert {seed}"},
    "set_tap_variant": {"en": "Tap a variant to switch it on or off.",
                        "de": "Eine Variante antippen, um sie ein- oder auszuschalten."},
    "rs_V5a": {"en": "V5a needs V4 or V5: the trap options apply to the Falle (V4) or the"
                     " secret trap (V5)",
               "de": "V5a braucht V4 oder V5: die Fallen-Optionen gelten für die Falle (V4)"
                     " oder die geheime Falle (V5)"},
    "rs_V5b": {"en": "V5b needs V4 or V5: the trap options apply to the Falle (V4) or the"
                     " secret trap (V5)",
               "de": "V5b braucht V4 oder V5: die Fallen-Optionen gelten für die Falle (V4)"
                     " oder die geheime Falle (V5)"},
    "rs_V5c": {"en": "V5c needs V4 or V5: the trap options apply to the Falle (V4) or the"
                     " secret trap (V5)",
               "de": "V5c braucht V4 oder V5: die Fallen-Optionen gelten für die Falle (V4)"
                     " oder die geheime Falle (V5)"},
    "rs_V6a": {"en": "V6a needs V6: V6a is an option of the reserve (V6)",
               "de": "V6a braucht V6: V6a ist eine Option der Reserve (V6)"},
    "rs_V6b": {"en": "V6b needs V6: V6b is an option of the reserve (V6)",
               "de": "V6b braucht V6: V6b ist eine Option der Reserve (V6)"},
    "rs_V1_V9": {"en": "V1 and V9 do not combine: the stacked landscape is a two-player board;"
                       " V9 has its own",
                 "de": "V1 und V9 gehen nicht zusammen: die gestapelte Landschaft ist ein Brett"
                       " für zwei; V9 hat ein eigenes"},
    "rs_V2_V9": {"en": "V2 and V9 do not combine: paired drawing groups the four tiles of one"
                       " set; V9 lays eight or six",
                 "de": "V2 und V9 gehen nicht zusammen: das Ziehen in Paaren gruppiert die vier"
                       " Teile eines Satzes; V9 legt acht oder sechs"},
    "rs_V3_V4": {"en": "V3 and V4 do not combine: the one blank figure plays either as the"
                       " Gespenst or as the Falle",
                 "de": "V3 und V4 gehen nicht zusammen: die eine leere Figur spielt entweder als"
                       " Gespenst oder als Falle"},
    "rs_V5b_V5c": {"en": "V5b and V5c do not combine: a trapped figure either stays put (V5b)"
                         " or leaves to come back (V5c)",
                   "de": "V5b und V5c gehen nicht zusammen: eine gefangene Figur bleibt entweder"
                         " stehen (V5b) oder geht und kommt zurück (V5c)"},
    "var_V1": {"en": "Stacked landscape", "de": "Gestapelte Landschaft"},
    "var_V2": {"en": "Paired drawing", "de": "Paarweise ziehen"},
    "var_V3": {"en": "Gespenst", "de": "Gespenst"},
    "var_V4": {"en": "Falle", "de": "Falle"},
    "var_V5": {"en": "Secret trap", "de": "Geheime Falle"},
    "var_V5a": {"en": "No trap by the Nest", "de": "Keine Falle am Nest"},
    "var_V5b": {"en": "Trapped stay 2 turns", "de": "Gefangene warten 2 Züge"},
    "var_V5c": {"en": "Trapped come back", "de": "Gefangene kehren zurück"},
    "var_V6": {"en": "Reserve", "de": "Reserve"},
    "var_V6a": {"en": "Reserve agreed", "de": "Reserve abgesprochen"},
    "var_V6b": {"en": "Reserve all different", "de": "Reserve verschieden"},
    "var_V7": {"en": "Hidden setup", "de": "Verdeckter Aufbau"},
    "var_V8": {"en": "Double moves", "de": "Doppelzüge"},
    "var_V9": {"en": "Four players", "de": "Vier Spieler"},
    "enr_title": {"en": "Enrol figures", "de": "Figuren anmelden"},
    "enr_set": {"en": "Set: {player}", "de": "Satz: {player}"},
    "enr_missing_mode": {"en": "Figures without a tag", "de": "Figuren ohne Tag"},
    "enr_all_mode": {"en": "Whole set, new tags", "de": "Ganzer Satz, neue Tags"},
    "enr_skip": {"en": "Skip", "de": "Überspringen"},
    "enr_reenrol": {"en": "Re-enrol previous", "de": "Vorige neu anmelden"},
    "enr_put": {"en": "Put {figure} on any square", "de": "{figure} auf ein beliebiges Feld"
                                                         " stellen"},
    "enr_put_new": {"en": "Put {figure} with its new tag on any square",
                    "de": "{figure} mit dem neuen Tag auf ein beliebiges Feld stellen"},
    "enr_all_done": {"en": "Done: {owner}'s set ({count} figures) is enrolled",
                     "de": "Fertig: der Satz von {owner} ({count} Figuren) ist angemeldet"},
    "enr_none_missing": {"en": "Every figure of {owner}'s set has a tag; choose Whole set to"
                               " give them new ones",
                         "de": "Jede Figur im Satz von {owner} hat ein Tag; Ganzer Satz wählen,"
                               " um neue zu vergeben"},
    "enr_progress": {"en": "{done} of {total} done: {enrolled} enrolled, {skipped} skipped",
                     "de": "{done} von {total} erledigt: {enrolled} angemeldet,"
                           " {skipped} übersprungen"},
    "enr_skipped": {"en": "{figure} skipped", "de": "{figure} übersprungen"},
    "enr_nothing_before": {"en": "No figure was enrolled yet in this round",
                           "de": "In dieser Runde wurde noch keine Figur angemeldet"},
    "enr_again": {"en": "{figure} again: put it down with its tag",
                  "de": "{figure} noch einmal: mit seinem Tag hinstellen"},
    "enr_enrolled": {"en": "{figure} enrolled", "de": "{figure} angemeldet"},
    "enr_reenrolled": {"en": "{figure} re-enrolled: its old tag is forgotten",
                       "de": "{figure} neu angemeldet: das alte Tag ist vergessen"},
    "enr_already": {"en": "{figure} is already enrolled with this tag",
                    "de": "{figure} ist mit diesem Tag schon angemeldet"},
    "enr_duplicate": {"en": "The same tag is seen on {squares}: two tags with one UID, or"
                            " one figure read twice; take one off",
                      "de": "Dasselbe Tag steht auf {squares}: zwei Tags mit einer UID oder"
                            " eine Figur doppelt gelesen; eins wegnehmen"},
    "enr_two_at_once": {"en": "New tags on {squares} at once: take them off and put {figure}"
                              " down alone",
                        "de": "Neue Tags auf {squares} zugleich: wegnehmen und {figure} allein"
                              " hinstellen"},
    "enr_finished_extra": {"en": "Enrolment is finished: nothing was recorded for the tag on"
                                 " {squares}",
                           "de": "Die Anmeldung ist fertig: für das Tag auf {squares} wurde"
                                 " nichts gespeichert"},
    "enr_put_back": {"en": "That is {holder} (on {square}), enrolled already; put {figure}"
                           " down",
                     "de": "Das ist {holder} (auf {square}), schon angemeldet; {figure}"
                           " hinstellen"},
    "enr_other_figure": {"en": "The tag on {square} is already {holder}, not {figure}: take"
                               " it off, or re-enrol {holder} first",
                         "de": "Das Tag auf {square} ist schon {holder}, nicht {figure}:"
                               " wegnehmen oder zuerst {holder} neu anmelden"},
    "enr_not_saved": {"en": "Not saved: {problem}", "de": "Nicht gespeichert: {cause}"},
    "enr_registry_unreadable": {"en": "The registry cannot be read: {problem}",
                                "de": "Das Register ist nicht lesbar: {cause}"},
    "enr_saved_to": {"en": "Saved after each figure (only you can read it): {path}",
                     "de": "Nach jeder Figur gespeichert (nur für dich lesbar): {path}"},
    "enr_sim_hint": {"en": "Simulated board: tap an empty square to put a new tag down, tap"
                           " a tag to lift it",
                     "de": "Simuliertes Brett: leeres Feld antippen setzt ein neues Tag, ein"
                           " Tag antippen hebt es hoch"},
    "enr_real_hint": {"en": "Put each figure on any square of the board",
                      "de": "Jede Figur auf ein beliebiges Feld des Bretts stellen"},
    "hw_title": {"en": "Hardware check", "de": "Hardware-Prüfung"},
    "hw_again": {"en": "Check again", "de": "Neu prüfen"},
    "hw_fill": {"en": "Tags on all squares", "de": "Tags auf alle Felder"},
    "hw_scanning": {"en": "Looking for the {count} readers … {seconds} s",
                    "de": "Suche die {count} Leser … {seconds} s"},
    "hw_tags": {"en": "Move a tag over every square: {seen} of {total} saw a tag",
                "de": "Ein Tag über jedes Feld führen: {seen} von {total} haben ein Tag"
                      " gesehen"},
    "hw_never_read": {"en": "never answered", "de": "nie geantwortet"},
    "hw_no_answer": {"en": "no answer from the reader", "de": "keine Antwort vom Leser"},
    "hw_crc_error": {"en": "CRC error", "de": "CRC-Fehler"},
    "hw_collision": {"en": "two tags answered: {detail}", "de": "zwei Tags antworteten: {detail}"},
    "hw_missing": {"en": "{square}: reader missing ({fault})",
                   "de": "{square}: Leser fehlt ({fault})"},
    "hw_faulty": {"en": "{square}: {faults} of {reads} reads failed ({fault})",
                  "de": "{square}: {faults} von {reads} Lesungen fehlgeschlagen ({fault})"},
    "hw_more": {"en": "… and {count} more", "de": "… und {count} weitere"},
    "hw_state_answering": {"en": "answering", "de": "antwortet"},
    "hw_state_missing": {"en": "missing", "de": "fehlt"},
    "hw_state_faulty": {"en": "faulty", "de": "fehlerhaft"},
    "hw_state_tag": {"en": "tag seen", "de": "Tag gesehen"},
    "hw_state_waiting": {"en": "not read yet", "de": "noch nicht gelesen"},
    "hw_count": {"en": "{state}: {count}", "de": "{state}: {count}"},
    "hw_sim_hint": {"en": "Simulated board: tap a square to move the test tag there",
                    "de": "Simuliertes Brett: Feld antippen, um das Test-Tag dorthin zu"
                          " legen"},
    "hw_game_aside": {"en": "The game in progress was put aside for this: Resume continues it",
                      "de": "Das laufende Spiel ruht dafür: Fortsetzen setzt es fort"},
}
"""The tool screens' strings, kept apart so that they merge cleanly; part of ``STRINGS``."""
