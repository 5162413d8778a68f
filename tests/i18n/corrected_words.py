# ruff: noqa: E501 - the sentences as the catalogs hold them, one per line
"""The words of the table, as corrected after a native reading of each catalog: each
locale's msgstr for a msgid (with its context), which the catalog must still hold."""

from __future__ import annotations

CORRECTED: dict[str, dict[tuple[str | None, object], object]] = {
    'fr': {
        (None, 'Bonuses'):
            'Bonus',
        (None, 'every meld of 7 cards or more is clean or dirty, and %(category)s has no bonus'):
            'toute combinaison de 7 cartes ou plus est propre ou sale, et il manque le bonus de la catégorie %(category)s',
        (None, 'a bonus is below that of a lesser meld: %(category)s %(value)s, %(other)s %(other_value)s'):
            'un bonus est inférieur à celui d’une combinaison moindre\u202f: %(category)s %(value)s, %(other)s %(other_value)s',
        (None, 'the long clean melds are on, and %(category)s has no bonus'):
            'les longues combinaisons propres sont activées, et il manque le bonus de la catégorie %(category)s',
        (None, '%(category)s has a bonus, and the long clean melds are off'):
            'la catégorie %(category)s a un bonus, et les longues combinaisons propres sont désactivées',
        (None, 'semi-clean melds are on, and %(category)s has no bonus'):
            'les combinaisons semi-propres sont activées, et il manque le bonus de la catégorie %(category)s',
        (None, '%(category)s has a bonus, and semi-clean melds are off'):
            'la catégorie %(category)s a un bonus, et les combinaisons semi-propres sont désactivées',
        (None, 'an object of bonuses by category'):
            'un objet de bonus par catégorie',
        (None, ('Only %(num)s morto is dealt: when more sides play, it goes to the first side to empty its hand, and every other side pays the penalty.', 'Only %(num)s mortos are dealt: when more sides play, they go to the first sides to empty their hands, and every other side pays the penalty.')):
            ('On ne distribue que %(num)s morto\u202f: s’il y a davantage de camps, il revient au premier camp qui vide sa main, et chacun des autres paie la pénalité.', 'On ne distribue que %(num)s mortos\u202f: s’il y a davantage de camps, ils reviennent aux premiers camps qui vident leur main, et chacun des autres paie la pénalité.'),
        (None, ('Only %(num)s pozzetto is dealt: when more sides play, it goes to the first side to empty its hand, and every other side pays the penalty.', 'Only %(num)s pozzetti are dealt: when more sides play, they go to the first sides to empty their hands, and every other side pays the penalty.')):
            ('On ne distribue que %(num)s pozzetto\u202f: s’il y a davantage de camps, il revient au premier camp qui vide sa main, et chacun des autres paie la pénalité.', 'On ne distribue que %(num)s pozzetti\u202f: s’il y a davantage de camps, ils reviennent aux premiers camps qui vident leur main, et chacun des autres paie la pénalité.'),
        ('classic', ('Only %(num)s pozzetto is dealt: when more sides play, it goes to the first side to empty its hand, and every other side pays the penalty.', 'Only %(num)s pozzetti are dealt: when more sides play, they go to the first sides to empty their hands, and every other side pays the penalty.')):
            ('On ne distribue que %(num)s puits\u202f: s’il y a davantage de camps, il revient au premier camp qui vide sa main, et chacun des autres paie la pénalité.', 'On ne distribue que %(num)s puits\u202f: s’il y a davantage de camps, ils reviennent aux premiers camps qui vident leur main, et chacun des autres paie la pénalité.'),
        (None, 'More sides (where the rules allow)'):
            'Davantage de camps (si les règles le permettent)',
        (None, 'Each round has one loser, or a feint: whoever fell for it gets a letter (the feinter, if nobody did). B-U-R-R-O and you are out.'):
            'Chaque manche a un perdant, ou une feinte\u202f: chacun de ceux qui se sont fait avoir reçoit une lettre (celui qui a feinté, si personne ne s’est fait avoir). B-U-R-R-O et vous êtes hors jeu.',
        (None, "these house rules: a family's own numbers"):
            'ces règles maison\u202f: les valeurs choisies par la famille',
        (None, 'Nothing yet: the same numbers as the rules they start from.'):
            'Aucun changement pour l’instant\u202f: mêmes valeurs que les règles de départ.',
        (None, 'Start from the rules you play closest to, then change only the numbers your family plays with.'):
            'Partez des règles les plus proches des vôtres, puis ne changez que les valeurs que votre famille joue autrement.',
        (None, 'Based on %(rules)s: change only what your family plays differently.'):
            'Règles de départ\u202f: %(rules)s. Changez seulement ce que votre famille joue autrement.',
        (None, 'House rules based on %(rules)s · version %(version)s'):
            'Règles maison (base\u202f: %(rules)s) · version %(version)s',
        (None, 'All the rules, next to %(rules)s'):
            'Toutes les règles, comparées à celles de départ (%(rules)s)',
        (None, 'These rules cannot be played: %(reason)s'):
            'Impossible de jouer avec ces règles\u202f: %(reason)s',
        (None, '“%(id)s” is the id of a built-in profile; give these rules an id of their own'):
            '«\u202f%(id)s\u202f» est l’identifiant de règles fournies avec l’application\u202f; donnez à ces règles un identifiant qui leur soit propre',
        (None, 'Keeping the referee on this phone, to check melds without a network…'):
            'Installation de l’arbitre sur ce téléphone, pour vérifier les combinaisons sans réseau…',
        (None, 'The totals count them, as the referee on this phone scored them.'):
            'Elles sont déjà dans les totaux, comptées par l’arbitre de ce téléphone.',
        (None, 'The letters count them, as the referee on this phone counted them.'):
            'Elles sont déjà dans les lettres, comptées par l’arbitre de ce téléphone.',
        (None, 'Keep a copy first: the export holds every match and deal, and reads back on any server.'):
            'Gardez d’abord une copie\u202f: l’export contient chaque partie et chaque donne, et peut être réimporté sur n’importe quel serveur.',
        (None, '%(where)s: scored here, its totals are %(here)s; the file says %(file)s. Nothing was imported.'):
            '%(where)s\u202f: recomptée ici, elle totalise %(here)s\u202f; le fichier indique %(file)s. Rien n’a été importé.',
        (None, 'These rules were changed on another phone: nothing of yours was saved. Save again to keep yours.'):
            'Ces règles ont été modifiées sur un autre téléphone\u202f: vos modifications n’ont pas été enregistrées. Enregistrez de nouveau pour les conserver.',
        (None, 'Someone else saved this match after you opened this page. Nothing of yours was saved. Here is what changed:'):
            'Quelqu’un d’autre a enregistré cette partie après que vous avez ouvert cette page. Vos modifications n’ont pas été enregistrées. Voici ce qui a changé\u202f:',
        (None, 'This game changed on another phone: nothing of yours was saved. Here it is now.'):
            'Cette partie a changé sur un autre téléphone\u202f: vos modifications n’ont pas été enregistrées. La voici maintenant.',
        (None, 'Every deal of the table’s matches, finished or not; what only cards tell rests on the deals entered card by card.'):
            'Toutes les donnes des parties de la table, terminées ou non\u202f; les chiffres qui demandent le détail des cartes ne portent que sur les donnes saisies carte par carte.',
        (None, 'morto not taken'):
            'morto non pris',
        (None, 'Morto not taken'):
            'Morto non pris',
        (None, 'pozzetto not taken'):
            'pozzetto non pris',
        (None, 'Pozzetto not taken'):
            'Pozzetto non pris',
        ('classic', 'pozzetto not taken'):
            'puits non pris',
        ('classic', 'Pozzetto not taken'):
            'Puits non pris',
        (None, 'not taken'):
            'non pris',
        (None, '%(pile)s not taken'):
            '%(pile)s non pris',
        (None, 'sides would become vulnerable at %(threshold)s, which is not below the target (%(target)s)'):
            'les camps deviendraient vulnérables à %(threshold)s, seuil qui n’est pas inférieur à l’objectif (%(target)s)',
        (None, 'Save it anyway, marked as disputed'):
            'L’enregistrer quand même, comme contestée',
        (None, ('%(name)s and its %(num)d deal will be gone for good, for everyone who has its links.', '%(name)s and its %(num)d deals will be gone for good, for everyone who has its links.')):
            ('La partie «\u202f%(name)s\u202f», avec %(num)d donne, sera supprimée définitivement pour tous ceux qui ont ses liens.', 'La partie «\u202f%(name)s\u202f» et ses %(num)d donnes seront supprimées définitivement pour tous ceux qui ont ses liens.'),
        (None, '%(name)s and its letters will be gone for good, for everyone who has its links.'):
            'La partie «\u202f%(name)s\u202f» et ses lettres seront supprimées définitivement pour tous ceux qui ont ses liens.',
        (None, 'The table “%(name)s” and its players will be gone for good, for everyone who has its link.'):
            'La table «\u202f%(name)s\u202f» et ses joueurs seront supprimés définitivement pour tous ceux qui en ont le lien.',
        (None, 'Clean canastras of 14 cards (1000)'):
            'Canastras propres de 14 cartes (1\u202f000)',
        (None, 'Clean burracos of 14 cards (1000)'):
            'Burracos propres de 14 cartes (1\u202f000)',
        (None, 'clean canastra of 1000'):
            'canastra propre de 1\u202f000',
        (None, 'clean burraco of 1000'):
            'burraco propre de 1\u202f000',
        (None, 'by length (13 cards: 500, 14 cards: 1000)'):
            'selon la longueur (13 cartes\u202f: 500, 14 cartes\u202f: 1\u202f000)',
        (None, 'A to K laid down in one go: 500; A to A: 1000'):
            'de l’as au roi posée en une seule fois\u202f: 500\u202f; de l’as à l’as\u202f: 1\u202f000',
        (None, 'The players in the order they sit, going round the table to the left: the deal passes one seat to the left after every deal, and the player on the dealer’s left plays first.'):
            'Les joueurs dans l’ordre où ils sont assis, dans le sens des aiguilles d’une montre\u202f: la distribution passe à la place de gauche après chaque donne, et le joueur à gauche du donneur joue en premier.',
        (None, 'Going round the table to the left, partners opposite each other:'):
            'Dans le sens des aiguilles d’une montre, partenaires face à face\u202f:',
        (None, 'Whoever has this link can start and score the table’s matches: keep it among the players.'):
            'Toute personne qui a ce lien peut lancer les parties de la table et en noter les points\u202f: ne le donnez qu’aux joueurs.',
        (None, 'A set needs at least two natural cards and cannot be made of 2s.'):
            'Une série compte au moins deux cartes naturelles et ne peut pas être composée de 2.',
        (None, 'A table has %(min)d to %(max)d players; you named %(count)d.'):
            'Une table compte de %(min)d à %(max)d joueurs\u202f; vous en avez indiqué %(count)d.',
        (None, 'or their points'):
            'Points des cartes en main',
        (None, 'The players changed on another phone: nothing of yours was saved. Here they are now.'):
            'La liste des joueurs a été modifiée sur un autre téléphone\u202f: votre saisie n’a pas été enregistrée. La voici telle qu’elle est.',
    },
    'pt_BR': {
        (None, 'The players in the order they sit, going round the table to the left: the deal passes one seat to the left after every deal, and the player on the dealer’s left plays first.'):
            'Os jogadores na ordem em que estão sentados, em sentido horário: a cada rodada, quem dá as cartas é o jogador à esquerda de quem deu na anterior, e começa quem está à esquerda de quem deu as cartas.',
        (None, 'Going round the table to the left, partners opposite each other:'):
            'Em sentido horário, parceiros frente a frente:',
        (None, 'Dealer'):
            'Dá as cartas',
        (None, 'Next dealer'):
            'Dá as cartas na próxima',
        (None, 'Plays first'):
            'Começa',
        (None, 'The first dealer was chosen'):
            'Foi escolhido quem dá as cartas primeiro',
        (None, 'Played'):
            'Partidas',
        (None, 'This is not a legal meld to begin with.'):
            'De qualquer forma, este jogo não é válido.',
        (None, 'Keep a copy first: the export holds every match and deal, and reads back on any server.'):
            'Guarde uma cópia antes: a exportação tem todas as partidas e rodadas, e pode ser importada em qualquer servidor.',
        (None, 'The players changed on another phone: nothing of yours was saved. Here they are now.'):
            'Os jogadores foram alterados em outro celular: o que você digitou não foi salvo. Veja como estão agora.',
        (None, 'Nothing yet: the same numbers as the rules they start from.'):
            'Nenhuma mudança ainda: os mesmos valores das regras de base.',
        (None, "these house rules: a family's own numbers"):
            'estas regras da casa: os valores escolhidos pela família',
        (None, 'Start from the rules you play closest to, then change only the numbers your family plays with.'):
            'Comece pelas regras mais parecidas com as suas e mude só os valores que a sua família joga diferente.',
        (None, 'Keeping the referee on this phone, to check melds without a network…'):
            'Instalando o árbitro neste celular, para conferir os jogos sem rede…',
        (None, 'Biggest deal'):
            'Melhor rodada',
        (None, 'These rules cannot be played: %(reason)s'):
            'Não dá para jogar com estas regras: %(reason)s',
        (None, 'Sides given: %(count)s; this game is played by %(expected)s'):
            'Equipes informadas: %(count)s; esta modalidade é jogada por %(expected)s',
        (None, "A 2 of the run's own suit in its own place, between the ace and the 3, is a natural card, so the run may still hold a wildcard."):
            'Um 2 do naipe da sequência, no seu lugar entre o ás e o 3, é uma carta natural; por isso a sequência ainda pode ter um curinga.',
        (None, 'A set needs at least two natural cards and cannot be made of 2s.'):
            'Uma trinca precisa de pelo menos duas cartas naturais, e não vale trinca de 2.',
        (None, 'morto taken but never played'):
            'morto pego e não jogado',
        (None, 'pozzetto taken but never played'):
            'pozzetto pego e não jogado',
        ('classic', 'pozzetto taken but never played'):
            'pozzetto pego e não jogado',
        (None, 'taken but never played'):
            'pego e não jogado',
        (None, 'A morto taken but never played costs the morto penalty'):
            'Morto pego e não jogado custa a penalidade do morto',
        (None, 'A pozzetto taken but never played costs the pozzetto penalty'):
            'Pozzetto pego e não jogado custa a penalidade do pozzetto',
        ('classic', 'A pozzetto taken but never played costs the pozzetto penalty'):
            'Pozzetto pego e não jogado custa a penalidade do pozzetto',
        (None, "the side's morto was never played"):
            'o morto da equipe não chegou a ser jogado',
        (None, "the side's pozzetto was never played"):
            'o pozzetto da equipe não chegou a ser jogado',
        (None, 'These rules have no unused morto: its cards count as cards in hand.'):
            'Estas regras não têm morto pego e não jogado: as cartas dele contam como cartas na mão.',
        (None, 'These rules have no unused pozzetto: its cards count as cards in hand.'):
            'Estas regras não têm pozzetto pego e não jogado: as cartas dele contam como cartas na mão.',
        (None, 'A morto taken but never played is just cards in hand, deducted at their values.'):
            'As cartas de um morto pego que não chegou a ser jogado são só cartas na mão, descontadas pelo seu valor.',
        (None, 'A pozzetto taken but never played is just cards in hand, deducted at their values.'):
            'As cartas de um pozzetto pego que não chegou a ser jogado são só cartas na mão, descontadas pelo seu valor.',
        ('classic', 'A pozzetto taken but never played is just cards in hand, deducted at their values.'):
            'As cartas de um pozzetto pego que não chegou a ser jogado são só cartas na mão, descontadas pelo seu valor.',
        (None, ('A morto taken but never played, because another side went out first, costs %(num)s point instead of the values of its cards.', 'A morto taken but never played, because another side went out first, costs %(num)s points instead of the values of its cards.')):
            ('Um morto pego que não chegou a ser jogado, porque outra equipe bateu antes, custa %(num)s ponto em vez do valor das suas cartas.', 'Um morto pego que não chegou a ser jogado, porque outra equipe bateu antes, custa %(num)s pontos em vez do valor das suas cartas.'),
        (None, ('A pozzetto taken but never played, because another side closed first, costs %(num)s point instead of the values of its cards.', 'A pozzetto taken but never played, because another side closed first, costs %(num)s points instead of the values of its cards.')):
            ('Um pozzetto pego que não chegou a ser jogado, porque outra equipe bateu antes, custa %(num)s ponto em vez do valor das suas cartas.', 'Um pozzetto pego que não chegou a ser jogado, porque outra equipe bateu antes, custa %(num)s pontos em vez do valor das suas cartas.'),
        ('classic', ('A pozzetto taken but never played, because another side closed first, costs %(num)s point instead of the values of its cards.', 'A pozzetto taken but never played, because another side closed first, costs %(num)s points instead of the values of its cards.')):
            ('Um pozzetto pego que não chegou a ser jogado, porque outra equipe bateu antes, custa %(num)s ponto em vez do valor das suas cartas.', 'Um pozzetto pego que não chegou a ser jogado, porque outra equipe bateu antes, custa %(num)s pontos em vez do valor das suas cartas.'),
        (None, 'Whoever has this link can start and score the table’s matches: keep it among the players.'):
            'Quem tiver este link pode começar e anotar as partidas da mesa: compartilhe só com os jogadores.',
        (None, 'These rules were changed on another phone: nothing of yours was saved. Save again to keep yours.'):
            'Estas regras foram alteradas em outro celular: as suas alterações não foram salvas. Salve de novo para mantê-las.',
        (None, 'Every deal of the table’s matches, finished or not; what only cards tell rests on the deals entered card by card.'):
            'Todas as rodadas das partidas da mesa, terminadas ou não; os números que dependem das cartas vêm só das rodadas anotadas carta por carta.',
        (None, ('The match ends after a deal that brings a side to %(num)s point or more: the highest total wins, and a tie for the highest total calls for another deal.', 'The match ends after a deal that brings a side to %(num)s points or more: the highest total wins, and a tie for the highest total calls for another deal.')):
            ('A partida termina depois da rodada em que uma equipe chega a %(num)s ponto ou mais: vence o maior total; em caso de empate no maior total, joga-se mais uma rodada.', 'A partida termina depois da rodada em que uma equipe chega a %(num)s pontos ou mais: vence o maior total; em caso de empate no maior total, joga-se mais uma rodada.'),
        (None, 'Clean canastras of 14 cards (1000)'):
            'Canastras limpas de 14 cartas (1.000)',
        (None, 'clean canastra of 1000'):
            'canastra limpa de 1.000',
        (None, 'or their points'):
            'Pontos das cartas na mão',
    },
    'pt_PT': {
        (None, 'Sets of one rank are not allowed in this game: every meld is a run of one suit.'):
            'Nesta modalidade não há trincas: só se baixam sequências do mesmo naipe.',
        (None, 'A meld may hold only one wildcard (a joker or a pinella); this one needs %(count)s.'):
            'Um jogo só pode ter um joker ou uma pinella; este precisaria de %(count)s.',
        (None, 'A meld may hold only one wildcard (a joker or a 2 used as a wildcard); this one needs %(count)s.'):
            'Um jogo só pode ter uma carta a fazer de joker (o joker ou um 2); este precisaria de %(count)s.',
        (None, 'These rules are played by %(sides)s sides; you named %(count)d.'):
            'Esta modalidade joga-se com %(sides)s equipas; indicou %(count)d.',
        (None, 'These rules are played by %(sides)d sides; you named %(count)d.'):
            'Esta modalidade joga-se com %(sides)d equipas; indicou %(count)d.',
        (None, 'These rules are played by %(min)d to %(max)d sides; you named %(count)d.'):
            'Esta modalidade joga-se com %(min)d a %(max)d equipas; indicou %(count)d.',
        (None, 'Sides given: %(count)s; this game is played by %(expected)s'):
            'Equipas indicadas: %(count)s; esta modalidade joga-se com %(expected)s',
        (None, 'Which melds were laid down together to open (%(minimum)s or more)? Tick or type them, or tick “Nobody noted the opening”.'):
            'Que jogos foram baixados juntos para abrir (%(minimum)s ou mais)? Assinale-os ou escreva-os, ou assinale «Ninguém anotou a abertura».',
        (None, 'The table “%(name)s” and its players will be gone for good, for everyone who has its link.'):
            'A mesa «%(name)s» e os jogadores dela vão ser eliminados de vez, para todos os que têm a ligação.',
        (None, 'Share these rules: their link and QR code'):
            'Partilhar estas regras: a ligação e o código QR',
        (None, 'Pairs'):
            'Duplas',
        (None, 'Best partner'):
            'Ganha mais em dupla com',
        (None, ('%(num)d match won together', '%(num)d matches won together')):
            ('%(num)d partida ganha em dupla', '%(num)d partidas ganhas em dupla'),
        (None, 'One player or a pair'):
            'Um jogador ou uma dupla',
        (None, 'Against one player or a pair'):
            'Contra um jogador ou uma dupla',
        (None, 'This is not a legal meld to begin with.'):
            'De qualquer forma, este jogo não é válido.',
        (None, 'Dealer'):
            'Dá as cartas',
        (None, 'Next dealer'):
            'Dá as cartas a seguir',
        (None, 'Plays first'):
            'Começa',
        (None, 'The first dealer was chosen'):
            'Foi escolhido quem dá as cartas primeiro',
        (None, 'Keep a copy first: the export holds every match and deal, and reads back on any server.'):
            'Guarde primeiro uma cópia: a exportação tem todas as partidas e rondas, e pode ser importada em qualquer servidor.',
        (None, 'This game changed on another phone: nothing of yours was saved. Here it is now.'):
            'Este jogo mudou noutro telemóvel: o que introduziu não foi guardado. Veja como está agora.',
        (None, 'Delete this match?'):
            'Eliminar esta partida?',
        (None, 'Delete the match'):
            'Eliminar a partida',
        (None, 'Delete for good'):
            'Eliminar definitivamente',
        (None, 'read-only'):
            'só de leitura',
        (None, 'Keeping the referee on this phone, to check melds without a network…'):
            'A instalar o árbitro neste telemóvel, para verificar os jogos sem rede…',
        (None, 'Paper score sheets'):
            'Folhas de pontuação para imprimir',
        (None, 'Paper sheet (PDF)'):
            'Folha para imprimir (PDF)',
        (None, 'Nothing yet: the same numbers as the rules they start from.'):
            'Nenhuma alteração por agora: os mesmos valores das regras de base.',
        (None, "these house rules: a family's own numbers"):
            'estas regras da casa: os valores escolhidos pela família',
        (None, 'Start from the rules you play closest to, then change only the numbers your family plays with.'):
            'Comece pelas regras mais parecidas com as suas e mude só os valores que a sua família joga de outra maneira.',
        (None, 'These rules cannot be played: %(reason)s'):
            'Não é possível jogar com estas regras: %(reason)s',
        (None, 'Played'):
            'Partidas',
        (None, 'Biggest deal'):
            'Melhor ronda',
        (None, 'Whoever has this link can start and score the table’s matches: keep it among the players.'):
            'Quem tiver esta ligação pode começar as partidas da mesa e anotar os pontos: partilhe-a só com os jogadores.',
        (None, ('Melds per deal (%(num)d deal entered card by card)', 'Melds per deal (%(num)d deals entered card by card)')):
            ('Jogos por ronda (%(num)d ronda anotada carta a carta)', 'Jogos por ronda (%(num)d rondas anotadas carta a carta)'),
        (None, 'Every deal of the table’s matches, finished or not; what only cards tell rests on the deals entered card by card.'):
            'Todas as rondas das partidas da mesa, terminadas ou não; os números que dependem das cartas vêm só das rondas anotadas carta a carta.',
        (None, "Waiting for the scorer's phone."):
            'À espera do telemóvel de quem anota os pontos.',
        (None, 'A set needs at least two natural cards and cannot be made of 2s.'):
            'Uma trinca precisa de pelo menos duas cartas naturais, e não há trincas de 2.',
        (None, 'The wildcard has no legal place to go, so it stays.'):
            'O joker não tem lugar válido para onde ir, por isso fica onde está.',
        (None, 'or their points'):
            'Pontos das cartas na mão',
    },
    'it': {
        (None, 'Based on %(rules)s: change only what your family plays differently.'):
            'Regole di partenza: %(rules)s. Cambia solo ciò che la tua famiglia gioca in modo diverso.',
        (None, 'Start from the rules you play closest to, then change only the numbers your family plays with.'):
            'Parti dalle regole più vicine alle tue, poi cambia solo i valori che la tua famiglia gioca in modo diverso.',
        (None, 'These rules were changed on another phone: nothing of yours was saved. Save again to keep yours.'):
            'Queste regole sono state cambiate su un altro telefono: le tue modifiche non sono state salvate. Salva di nuovo per tenerle.',
        (None, '“%(id)s” is the id of a built-in profile; give these rules an id of their own'):
            '«%(id)s» è l’identificativo di regole predefinite; dai a queste regole un identificativo proprio',
        (None, 'Whoever has this link can start and score the table’s matches: keep it among the players.'):
            'Chi ha questo link può iniziare le partite del tavolo e segnarne i punti: tienilo tra i giocatori.',
        (None, 'These rules are played by %(min)d to %(max)d sides; you named %(count)d.'):
            'Questa variante prevede da %(min)d a %(max)d squadre; ne hai indicate %(count)d.',
        (None, 'These rules are played by %(sides)s sides; you named %(count)d.'):
            'Questa variante prevede %(sides)s squadre; ne hai indicate %(count)d.',
        (None, 'These rules are played by %(sides)d sides; you named %(count)d.'):
            'Questa variante prevede %(sides)d squadre; ne hai indicate %(count)d.',
        (None, 'Which melds were laid down together to open (%(minimum)s or more)? Tick or type them, or tick “Nobody noted the opening”.'):
            'Quali giochi sono stati calati insieme per aprire (%(minimum)s o più)? Spuntali o scrivili, oppure spunta «Nessuno ha annotato l’apertura».',
        (None, 'Choose different players on each side.'):
            'Scegli giocatori diversi per le due parti.',
        (None, 'Choose one or two players on each side.'):
            'Scegli uno o due giocatori per parte.',
        (None, 'A set needs at least two natural cards and cannot be made of 2s.'):
            'Una combinazione richiede almeno due carte naturali; le combinazioni di pinelle non sono ammesse.',
        (None, "these house rules: a family's own numbers"):
            'queste regole di casa: i valori scelti da una famiglia',
        (None, 'Nothing yet: the same numbers as the rules they start from.'):
            'Nessuna modifica per ora: gli stessi valori delle regole di base.',
        (None, 'Keeping the referee on this phone, to check melds without a network…'):
            'Installazione dell’arbitro sul telefono, per controllare i giochi senza rete…',
        (None, 'These rules cannot be played: %(reason)s'):
            'Con queste regole non si può giocare: %(reason)s',
        (None, 'Keep a copy first: the export holds every match and deal, and reads back on any server.'):
            'Tieni prima una copia: l’esportazione contiene tutte le partite e le smazzate, e si può importare su qualsiasi server.',
        (None, 'Every deal of the table’s matches, finished or not; what only cards tell rests on the deals entered card by card.'):
            'Tutte le smazzate delle partite del tavolo, finite o no; i dati che richiedono le carte si basano solo sulle smazzate inserite carta per carta.',
        (None, 'Burro: which cards to pull'):
            'Burro: le carte che servono',
        (None, 'Paper score sheets'):
            'Segnapunti da stampare',
        (None, 'sides would become vulnerable at %(threshold)s, which is not below the target (%(target)s)'):
            'le squadre diventerebbero vulnerabili a %(threshold)s, soglia non inferiore al traguardo (%(target)s)',
        (None, 'The players in the order they sit, going round the table to the left: the deal passes one seat to the left after every deal, and the player on the dealer’s left plays first.'):
            'I giocatori nell’ordine in cui siedono, in senso orario: a ogni smazzata il mazziere passa al giocatore alla sua sinistra, e il giocatore alla sinistra del mazziere è di mano.',
        (None, 'Going round the table to the left, partners opposite each other:'):
            'In senso orario, compagni uno di fronte all’altro:',
        (None, 'The totals count them, as the referee on this phone scored them.'):
            'Sono già nei totali, contate dall’arbitro di questo telefono.',
        (None, 'The letters count them, as the referee on this phone counted them.'):
            'Sono già nelle lettere, contati dall’arbitro di questo telefono.',
        (None, '%(where)s: scored here, its totals are %(here)s; the file says %(file)s. Nothing was imported.'):
            '%(where)s: ricontata qui, totalizza %(here)s; nel file risulta %(file)s. Non è stato importato niente.',
        (None, 'or their points'):
            'Punti delle carte in mano',
    },
}
