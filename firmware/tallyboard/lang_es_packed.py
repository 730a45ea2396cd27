# SPDX-License-Identifier: MIT
# Made by tools/make_lang.py from lang_es.py: do not edit (run it again).

"""The es strings packed (see i18n.py)."""

TEXT = (
    'Aún no hay manos.'  # acc_none
    'Pujas cumplidas'  # acc_title
    '+ Añadir jugador'  # add
    'hace {0} días'  # ago_days
    'hace {0} h'  # ago_h
    'hace {0} min'  # ago_min
    'Corregir una mano'  # amend
    'Corregir ronda'  # amend_round
    'Batería'  # battery
    'Batería agotada: no hay partida nueva hasta cambiar las pilas. La partida abierta está a salvo.'  # battery_critical
    'Batería baja: cambia las pilas pronto.'  # battery_low
    'Puja'  # bid
    'Pujas'  # bids
    'a ciegas'  # blind_nil
    'C'  # blind_short
    'carta'  # card_one
    'cartas'  # cards
    'Un nombre tiene de 1 a {0} letras, sin espacios al principio ni al final.'  # cfg_name
    'Como máximo {0} nombres.'  # cfg_roster
    '{0} ya está en la lista.'  # cfg_twice
    'Este ajuste no admite ese valor.'  # cfg_value
    'Bol'  # col_bags
    '+/-'  # col_change
    'Tot'  # col_total
    'Contraste'  # contrast
    'Revisión del registro'  # damage
    'R:'  # dealer_short
    'Borrar'  # delete
    'Borrar igualmente'  # delete_anyway
    'Se pierde. ¿Seguro?'  # delete_sure
    'Sí, borrarla'  # delete_yes
    'Partida borrada'  # deleted
    'Atenuar tras'  # dim_after
    'pase frente'  # dir_across
    'sin pase'  # dir_hold
    'pase izq.'  # dir_left
    'pase 2 izq.'  # dir_left2
    'pase der.'  # dir_right
    'pase 2 der.'  # dir_right2
    'Editar'  # edit
    '= el resto'  # filled_in
    'Resultado final'  # final
    'OK: inicio  ▲: manos'  # final_help
    'Sale la primera carta'  # first_card
    'Repartidor'  # first_dealer
    'Corazones'  # g_hearts
    'Picas'  # g_spades
    'Wizard'  # g_wizard
    'Juego'  # game
    'Partidas'  # games
    'Mano'  # hand
    'Corazones'  # hearts
    'no vale'  # hint_forbidden
    'Inicio'  # home
    'Error interno: %s'  # internal_error
    '¿Quién tiene la J♦?'  # jack
    'Jota ♦'  # jack_short
    'No, déjalo'  # keep_it
    'Idioma'  # language
    'Menú de la partida'  # menu
    'min'  # min_short
    'Tiro a la luna'  # moon
    'ATRÁS: luna'  # moon_hint
    'OK  ◀ arriba  ▶ abajo'  # moon_keys
    'La luna: solo antes de meter corazones (deshazlos primero).'  # moon_late
    '¿Quién hizo la luna?'  # moon_who
    'Subir'  # move_up
    'Nombre'  # name
    '▲▼ letra ◀▶ mover'  # name_help
    'nunca'  # never
    'Nueva partida'  # new_game
    '+ Nombre nuevo'  # new_name
    '{0} reparte {1}'  # next_deals
    '{0} reparte, {1}'  # next_deals_pass
    'nula'  # nil
    'Aún no hay partidas'  # no_games
    'Aún no hay manos'  # no_hands
    '¡Aún no está en PC!'  # not_on_pc
    '{0} bytes'  # note_bytes
    'Un ajuste tenía un valor erróneo: se usan los valores por defecto.'  # note_cfg_bad
    'No se pueden leer los ajustes: se usan los valores por defecto.'  # note_cfg_unreadable
    '{0}: el final de su registro estaba dañado.'  # note_cut
    'Se conservan {0} registros ({1}).'  # note_kept
    'Se conserva {0} registro ({1}).'  # note_kept_one
    '{0}: es de un firmware más nuevo (formato {1}). Actualiza el firmware.'  # note_newer
    '{0}: no se pudo leer ({1}).'  # note_read_failed
    '{0}: borrado, un corte de luz interrumpió su inicio.'  # note_removed
    'No se pudo reparar ({0}): solo lectura.'  # note_stuck
    '{0}: un corte de luz dejó a medias su último registro.'  # note_torn
    '{0}: no se puede leer.'  # note_unreadable
    'No hay nada que deshacer.'  # nothing_undo
    'no'  # off
    'Apagar tras'  # off_after
    'luego OK: ver pujas'  # ok_reveal
    'sí'  # on
    'OK puja  ▲▼ elegir'  # pass_keys
    'Pasa el marcador a'  # pass_to
    'jugada {0}'  # played_ago
    'Jugadores'  # players
    'Ahorro de energía'  # power
    '¿Quién tiene la Q♠?'  # queen
    'Dama ♠'  # queen_short
    'al azar'  # random
    'No permitido'  # refused
    '¿Reabrir {0} {1}?'  # reopen_q
    'Continuar partida'  # resume
    'OK: seguir'  # resume_help
    'OK: seguir  ◀▶ otra'  # resume_help_many
    'Caben unas {0} partidas más.'  # room_n
    'Cabe 1 partida más.'  # room_one
    'caben {0}'  # room_short
    'Caben 12 nombres como máximo.'  # roster_full
    'Ronda'  # round
    'Puja'  # row_bid
    '♥'  # row_hearts
    'Baza'  # row_tricks
    'esa puja está fuera de rango.'  # rule_bid_range
    'la puja nula a ciegas no está en estas reglas.'  # rule_blind_nil
    'las pujas no pueden sumar las cartas repartidas.'  # rule_even_bids
    'la partida ha terminado.'  # rule_game_over
    'los corazones van de 0 a 13.'  # rule_hearts_range
    'los corazones deben sumar 13.'  # rule_hearts_total
    'la puja nula (0) no está en estas reglas.'  # rule_nil
    'no es el turno de este jugador.'  # rule_order
    'las reglas no lo permiten.'  # rule_other
    'no puede haber tantas bazas.'  # rule_tricks_range
    'las bazas deben sumar las cartas repartidas.'  # rule_tricks_total
    'la última ronda no tiene triunfo.'  # rule_trump
    'Reglas: %s'  # rules_of
    'Bolsas'  # s_bags
    'Pujas'  # s_bidding
    'Nula a ciegas'  # s_blind_nil
    'Suma justa'  # s_even_bids
    'Luna'  # s_moon
    'Puja nula'  # s_nil
    'Omnibus'  # s_omnibus
    'Parejas'  # s_partners
    'Pase'  # s_passing
    'Si fallas'  # s_set_penalty
    'Meta'  # s_target
    'Empate'  # s_tie
    'Nombre repetido: %s'  # same_name
    'Puntuación'  # scores
    'Puesto'  # seat
    's'  # sec_short
    'Ajustes'  # settings
    'Dormir tras'  # sleep_after
    'Empezar igualmente'  # space_anyway
    'Borrar la más antigua'  # space_delete
    'Borradas %d partidas antiguas que ya están en el PC.'  # space_deleted
    'Borrada 1 partida antigua que ya está en el PC.'  # space_deleted_one
    'Memoria casi llena'  # space_low
    'Sincronizar antes'  # space_sync
    'Empezar'  # start
    'empezada {0}'  # started_ago
    '♣ Tréboles'  # suit_C
    '♦ Diamantes'  # suit_D
    '♥ Corazones'  # suit_H
    '♠ Picas'  # suit_S
    'sin triunfo'  # suit_none
    'pujas'  # sum_bids
    'sobran'  # sum_over
    'bazas'  # sum_tricks
    'faltan'  # sum_under
    'Meta'  # target
    'Empate: una mano más'  # tie_more
    'TrickTally'  # title
    'Bazas'  # tricks
    'Triunfo'  # trump
    '¿Triunfo de la ronda?'  # trump_q
    'Deshacer lo último'  # undo
    'Deshecho: cambio {0} {1}'  # undone_amend
    'Deshecho: {0} {1}'  # undone_one
    'Deshecho: {1} {0} {2}'  # undone_seat
    'sí'  # v_allowed
    'canadiense'  # v_canadian
    'canad.+0'  # v_canadian_zero
    'a elegir'  # v_choice
    'diferidas'  # v_delayed
    'ocultas'  # v_hidden
    'izquierda'  # v_left
    '-10/baza'  # v_minus_bid
    'nunca'  # v_never
    'sin pase'  # v_none
    'abiertas'  # v_open
    'los demás +26'  # v_others_plus
    'otra mano'  # v_play_on
    'rotativo'  # v_rotate
    'quien tira -26'  # v_self_minus
    'compartido'  # v_shared
    '0 puntos'  # v_zero
    '%s: %s'  # who
    'Error al guardar: %s'  # write_failed
)
STARTS = b'\x00\x00\x11\x00 \x000\x00=\x00G\x00S\x00d\x00r\x00y\x00\xd8\x00\xfe\x00\x02\x01\x07\x01\x0f\x01\x10\x01\x15\x01\x1b\x01d\x01|\x01\x94\x01\xb4\x01\xb7\x01\xba\x01\xbd\x01\xc6\x01\xdb\x01\xdd\x01\xe3\x01\xf4\x01\x07\x02\x13\x02"\x02.\x029\x02A\x02J\x02U\x02^\x02i\x02o\x02y\x02\x88\x02\x9c\x02\xb1\x02\xbb\x02\xc4\x02\xc9\x02\xcf\x02\xd4\x02\xdc\x02\xe0\x02\xe9\x02\xf0\x02\xf6\x02\x07\x03\x1a\x03 \x03*\x030\x03B\x03E\x03S\x03^\x03s\x03\xae\x03\xc2\x03\xc7\x03\xcd\x03\xde\x03\xe3\x03\xf0\x03\xfe\x03\r\x04\x1d\x04!\x044\x04D\x04W\x04`\x04\xa2\x04\xe1\x04\x0c\x05-\x05L\x05\x92\x05\xad\x05\xe1\x05\x08\x06>\x06T\x06m\x06o\x06z\x06\x8d\x06\x8f\x06\xa1\x06\xb3\x06\xbd\x06\xc6\x06\xd7\x06\xea\x06\xf0\x06\xf7\x06\x03\x07\x14\x07%\x07/\x07B\x07^\x07q\x07z\x07\x97\x07\x9c\x07\xa0\x07\xa1\x07\xa5\x07\xc2\x07\xf0\x07 \x088\x08T\x08q\x08\x9a\x08\xb9\x08\xd3\x08\xef\x08\x1b\t<\tF\tL\tQ\t^\th\tl\tu\t|\t\x83\t\x87\t\x90\t\x94\t\x9a\t\xad\t\xb7\t\xbd\t\xbe\t\xc5\t\xd0\t\xe2\t\xf7\t+\nZ\nl\n}\n\x84\n\x90\n\x9a\n\xa5\n\xb0\n\xb7\n\xc2\n\xc7\n\xcd\n\xd2\n\xd8\n\xdc\n\xf0\n\xfa\n\xff\n\x06\x0b\x1b\x0b-\x0bE\x0bV\x0bk\x0bm\x0bw\x0b\x7f\x0b\x87\x0b\x90\x0b\x97\x0b\xa0\x0b\xa8\x0b\xad\x0b\xb5\x0b\xbd\x0b\xca\x0b\xd3\x0b\xdb\x0b\xe9\x0b\xf3\x0b\xfb\x0b\x01\x0c\x15\x0c'
